import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

describe('first access with the default password (spec 1 §3.1 user_change_password)', () => {
  it('asks for a new password before the page, then shows the page', async () => {
    const mustChange = { ...demoUser, user_change_password: true };
    loggedIn(mustChange);
    let changed = false;
    const { calls } = fakeApi({
      'GET /users/session/': () => [200, changed ? demoUser : mustChange],
      'GET /login_params/': [200, loginParams],
      'POST /users/change_password/': () => {
        changed = true;
        return [200, { detail: 'changed' }];
      },
    });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByText('You are signed in with the default password: choose a new password to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hello/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Current password'), 'Mudar#123');
    await userEvent.type(screen.getByLabelText('New password'), 'Mine#2026');
    await userEvent.type(screen.getByLabelText('New password confirmation'), 'Mine#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: /Lia Learner/ })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/users/change_password/')).toBe(true);
  });

  it('lets a user without the flag straight through', async () => {
    loggedIn();
    fakeApi({ 'GET /users/session/': [200, demoUser], 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByRole('heading', { name: /Lia Learner/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });
});
