import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { ChangePasswordForm } from './index.tsx';

async function fill(current: string, next: string, confirmation: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirmation) await userEvent.type(screen.getByLabelText('New password confirmation'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password form', () => {
  it('checks the new password before calling the server', async () => {
    const { fetchMock } = fakeApi({});
    await renderWithApp(<ChangePasswordForm />, { locale: 'en' });
    await fill('old-secret', 'abc', 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 6 characters');
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('New password confirmation'));
    await fill('', 'abcdef', 'abcdeg');
    expect(screen.getByRole('alert')).toHaveTextContent('The confirmation does not match the new password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the stronger policy level it is given', async () => {
    const { fetchMock } = fakeApi({});
    await renderWithApp(<ChangePasswordForm level="strong" />, { locale: 'en' });
    await fill('old-secret', 'Abcdef12', 'Abcdef12');
    expect(screen.getByRole('alert')).toHaveTextContent('The password also needs a symbol');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the current password', async () => {
    await renderWithApp(<ChangePasswordForm />, { locale: 'en' });
    await fill('', 'abcdef', 'abcdef');
    expect(screen.getByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
  });

  it('shows the server error translated', async () => {
    loggedIn();
    fakeApi({ 'POST /users/change_password/': [400, { detail: 'x', code: 'current_password_incorrect', fields: { current_password: 'current_password_incorrect' } }] });
    await renderWithApp(<ChangePasswordForm />, { locale: 'fr' });
    await userEvent.type(screen.getByLabelText('Mot de passe actuel'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe actuel est incorrect');
  });

  it('sends the three fields, then shows success and clears the form', async () => {
    loggedIn();
    const { calls } = fakeApi({ 'POST /users/change_password/': [200, { detail: 'changed' }] });
    await renderWithApp(<ChangePasswordForm />, { locale: 'en' });
    await fill('old-secret', 'new-secret', 'new-secret');
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully.');
    expect(JSON.parse(calls[0]!.body)).toEqual({ current_password: 'old-secret', new_password: 'new-secret', confirm_password: 'new-secret' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer access');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});
