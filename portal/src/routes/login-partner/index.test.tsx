import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

describe('partner single sign-on (spec 1 §2.1 login-{partner})', () => {
  it('offers each partner on the login page', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, partners: [{ slug: 'chipco', name: 'ChipCo Retail' }] }] });
    await renderWithApp(undefined, { path: '/', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Log in with ChipCo Retail' })).toHaveAttribute('href', '/api/auth/partners/chipco/authorize/');
  });

  it('hands the provider answer to the token endpoint and lands on home', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [200, { access_token: 'a1', token_type: 'Bearer', expires_in: 3600, scope: 'read write' }],
      'GET /users/session/': [200, demoUser],
      'GET /home/': [200, { highlights: [], pending: [], finished: [] }],
    });
    const { memory } = await renderWithApp(undefined, { path: '/login-chipco?code=c0de&state=st4te&iss=http%3A%2F%2Fidp', locale: 'en' });
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/home'));
    const token = calls.find((c) => c.path === '/o/token/')!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      grant_type: 'partner', partner: 'chipco', callback: 'code=c0de&state=st4te&iss=http%3A%2F%2Fidp',
    });
  });

  it('says "Login error" when the provider or the server refuses', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': [400, { detail: 'x', code: 'login_error' }],
      'POST /o/revoke_token/': [200, {}],
    });
    await renderWithApp(undefined, { path: '/login-chipco?code=c0de&state=wrong', locale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login error');
  });
});

describe('login variants (spec 1 §2.1 maintenance-login, redirect-control-pannel-v2)', () => {
  it('show the login form with the maintenance message', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, under_maintenance: true }] });
    await renderWithApp(undefined, { path: '/maintenance-login', locale: 'en' });
    expect(await screen.findByText('We are performing data maintenance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('redirect-control-pannel-v2 is the login form too', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { path: '/redirect-control-pannel-v2', locale: 'en' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
