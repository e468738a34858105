import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

const open = { ...loginParams, user_register: true };

describe('self registration (spec 1 §2.1 register)', () => {
  it('asks the configured fields, checks the configured password strength, then says the account awaits approval', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, { ...open, register: { fields: ['document', 'mobile'], password_strong_level: 'medium' } }],
      'POST /users/register/': [201, { outcome: 'awaiting_approval' }],
    });
    await renderWithApp(undefined, { path: '/register', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Vera Visitor');
    await userEvent.type(screen.getByLabelText('E-mail'), 'vera@example.com');
    await userEvent.type(screen.getByLabelText('Document'), '123.456.789-09');
    await userEvent.type(screen.getByLabelText('Area code'), '11');
    await userEvent.type(screen.getByLabelText('Mobile phone'), '912345678');
    expect(screen.getByText('At least 6 characters, with upper case, lower case and numbers.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'abcdef');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abcdef');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/upper/i);
    expect(calls.some((c) => c.path === '/users/register/')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Abcdef12');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Abcdef12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account was created and is awaiting approval.');
    const sent = JSON.parse(calls.find((c) => c.path === '/users/register/')!.body);
    expect(sent).toMatchObject({
      full_name: 'Vera Visitor', email: 'vera@example.com', document: '123.456.789-09', mobile_area_code: '11', mobile: '912345678',
      password: 'Abcdef12', confirm_password: 'Abcdef12', language_id: 2,
    });
  });

  it('says to verify the e-mail when the account is activated by a link', async () => {
    fakeApi({ 'GET /login_params/': [200, open], 'POST /users/register/': [201, { outcome: 'verify_email' }] });
    await renderWithApp(undefined, { path: '/register', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Vera');
    await userEvent.type(screen.getByLabelText('E-mail'), 'vera@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Open the link we sent to vera@example.com to activate it.');
    expect(screen.queryByLabelText('Document')).not.toBeInTheDocument();
  });

  it('"Email already in use" comes with a link to recover the password (spec 1 §8.2)', async () => {
    fakeApi({
      'GET /login_params/': [200, open],
      'POST /users/register/': [409, { detail: 'x', code: 'email_already_in_use', fields: { email: 'email_already_in_use' } }],
    });
    await renderWithApp(undefined, { path: '/register', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Vera');
    await userEvent.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use');
    expect(screen.getByRole('link', { name: 'Recover your password' })).toHaveAttribute('href', '/recover-password');
  });

  it('is offered on the login page only while user_register is on', async () => {
    fakeApi({ 'GET /login_params/': [200, open] });
    await renderWithApp(undefined, { path: '/', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('a sign-up link carries the client\'s import code (spec 1 §2.3 import-code): shown, editable and sent', async () => {
    const { calls } = fakeApi({ 'GET /login_params/': [200, open], 'POST /users/register/': [201, { outcome: 'awaiting_approval' }] });
    window.history.pushState({}, '', '/register?code=REDE-NORTE');
    try {
      await renderWithApp(undefined, { path: '/register', locale: 'en' });
      const code = await screen.findByLabelText('Company code');
      expect(code).toHaveValue('REDE-NORTE');
      expect(code).not.toBeRequired();
      await userEvent.type(screen.getByLabelText('Full name'), 'Vera');
      await userEvent.type(screen.getByLabelText('E-mail'), 'vera@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1');
      await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
      await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await screen.findByRole('status');
      expect(JSON.parse(calls.find((c) => c.path === '/users/register/')!.body)).toMatchObject({ import_code: 'REDE-NORTE' });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
