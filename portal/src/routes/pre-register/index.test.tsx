import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

describe('pre-register (spec 1 §2.1 user_pre_register)', () => {
  it('is linked from the login page and sends the first-access link', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, { ...loginParams, user_pre_register: true }],
      'POST /users/pre_register/': [200, { detail: 'sent' }],
    });
    const { memory } = await renderWithApp(undefined, { path: '/', locale: 'en' });
    await userEvent.click(await screen.findByRole('link', { name: 'Pre-registered? Activate your access' }));
    expect(memory.history?.at(-1)).toBe('/pre-register');
    await userEvent.type(await screen.findByLabelText('E-mail or document'), '390.533.447-05');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to the e-mail of your registration.');
    expect(JSON.parse(calls.find((c) => c.path === '/users/pre_register/')!.body)).toEqual({ username: '390.533.447-05' });
  });

  it('says "User already registered or doesn\'t have access"', async () => {
    fakeApi({
      'GET /login_params/': [200, { ...loginParams, user_pre_register: true }],
      'POST /users/pre_register/': [409, { detail: 'x', code: 'user_already_registered' }],
    });
    await renderWithApp(undefined, { path: '/pre-register', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'lia@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("User already registered or doesn't have access");
  });
});
