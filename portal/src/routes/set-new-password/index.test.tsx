import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

const path = '/recover-password/learner%40demo.local/Mw/tok3n';

describe('set new password (recover link)', () => {
  it('checks the link first and explains an invalid one, offering a new request', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/check/': [400, { detail: 'x', code: 'invalid_password_change_link' }],
    });
    await renderWithApp(undefined, { path, locale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Information to change the password is invalid; request a new change');
    expect(screen.getByRole('link', { name: 'Request a new password change' })).toHaveAttribute('href', '/recover-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    const check = calls.find((c) => c.path === '/users/recover_password/check/');
    expect(JSON.parse(check!.body)).toEqual({ username: 'learner@demo.local', uidb64: 'Mw', token: 'tok3n' });
  });

  it('sets the new password on a valid link and links to login', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/check/': [200, { detail: 'valid' }],
      'POST /users/set_new_password/': [200, { detail: 'changed' }],
    });
    await renderWithApp(undefined, { path, locale: 'en' });
    await userEvent.type(await screen.findByLabelText('New password'), 'abc');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The password needs at least 6 characters');
    await userEvent.type(screen.getByLabelText('New password'), 'def');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'def');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    const sent = calls.find((c) => c.path === '/users/set_new_password/');
    expect(JSON.parse(sent!.body)).toEqual({
      username: 'learner@demo.local', uidb64: 'Mw', token: 'tok3n', password: 'abcdef', confirm_password: 'abcdef',
    });
  });

  it('treats a link used meanwhile as invalid', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/check/': [200, { detail: 'valid' }],
      'POST /users/set_new_password/': [400, { detail: 'x', code: 'invalid_password_change_link' }],
    });
    await renderWithApp(undefined, { path, locale: 'pt-br' });
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirmação da nova senha'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('As informações para alterar a senha são inválidas');
    expect(screen.getByRole('link', { name: 'Solicitar uma nova alteração de senha' })).toBeInTheDocument();
  });
});

describe('set password (first access link)', () => {
  it('opens from set-password/{username}/{uidb64}/{token} under its own title', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams], 'POST /users/recover_password/check/': [200, { detail: 'valid' }] });
    await renderWithApp(undefined, { path: '/set-password/new%40demo.local/MTI/tok3n', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeInTheDocument();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
