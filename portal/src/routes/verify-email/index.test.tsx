import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

const path = '/verify-email/vera%40example.com/MTI/tok3n';

describe('verify your e-mail (spec 1 §2.1 register outcome)', () => {
  it('activates the account through the link', async () => {
    const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams], 'POST /users/register/verify/': [200, { detail: 'verified' }] });
    await renderWithApp(undefined, { path, locale: 'en' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail is confirmed and your account is active.');
    expect(JSON.parse(calls.find((c) => c.path === '/users/register/verify/')!.body)).toEqual({ username: 'vera@example.com', uidb64: 'MTI', token: 'tok3n' });
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
  });

  it('explains an expired or used link', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams], 'POST /users/register/verify/': [400, { detail: 'x', code: 'invalid_verification_link' }] });
    await renderWithApp(undefined, { path, locale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid or has expired');
  });
});
