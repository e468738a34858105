import { screen, waitFor } from '@testing-library/preact';
import { readSession } from '@lp/shared/client';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

describe('auth guard', () => {
  it('without a session clears it, remembers the path and goes to login', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams] });
    const { memory } = await renderWithApp(undefined, { path: '/profile?tab=password' });
    await waitFor(() => expect(memory.history.at(-1)).toBe('/'));
    expect(readSession(localStorage)).toMatchObject({ signed_in: false, user: null, remembered_path: '/profile?tab=password' });
    expect(await screen.findByLabelText('E-mail ou documento')).toBeInTheDocument();
  });

  it('lets a logged-in user through', async () => {
    loggedIn();
    fakeApi({ 'GET /users/session/': [200, demoUser], 'GET /login_params/': [200, loginParams] });
    const { memory } = await renderWithApp(undefined, { path: '/home' });
    expect(await screen.findByRole('heading', { name: 'Olá, Lia Learner!' })).toBeInTheDocument();
    expect(memory.history).toEqual(['/home']);
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
  });

  it('sends the user to login, remembering the path, when the session cannot be refreshed', async () => {
    loggedIn();
    fakeApi({
      'GET /users/session/': [401, { detail: 'expired', code: 'token_expired' }],
      'POST /o/token/': [400, { detail: 'expired', code: 'token_expired' }],
      'GET /login_params/': [200, loginParams],
    });
    window.history.replaceState(null, '', '/home');
    const { memory } = await renderWithApp(undefined, { path: '/home' });
    await waitFor(() => expect(memory.history.at(-1)).toBe('/'));
    expect(readSession(localStorage)).toMatchObject({ signed_in: false, remembered_path: '/home' });
  });
});
