import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BANNER_PATHS, type LearnerWelcomeBanner } from '@lp/shared/contract';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';
import { dashboard } from '../../test/learning-fixtures.ts';

const banner = (extra: Partial<LearnerWelcomeBanner> = {}): LearnerWelcomeBanner => ({
  id: 8, welcome_banner_type: 'image_and_text', title: 'Welcome to Demo Retail', text: '<p>Read this <script>alert(1)</script>first</p>',
  desktop_image: '/media/images/welcome_banners/a/d.svg', mobile_image: '/media/images/welcome_banners/a/m.svg', just_confirm: true, user_logout: false,
  ...extra,
});

/** The home after login, with the welcome banner the server names (null after a confirmation). */
async function openHome(current: LearnerWelcomeBanner, routes: Parameters<typeof fakeApi>[0] = {}) {
  loggedIn();
  let confirmed = false;
  const api = fakeApi({
    'GET /home/': [200, dashboard()],
    [`GET ${BANNER_PATHS.learnerWelcome}`]: () => [200, { banner: confirmed ? null : current }],
    [`POST ${BANNER_PATHS.learnerWelcomeConfirm(current.id)}`]: () => {
      confirmed = true;
      return [204, null];
    },
    ...routes,
  });
  const view = await renderWithApp(undefined, { path: '/home', locale: 'en' });
  return { api, view };
}

describe('welcome banner (spec 3 §3 just_confirm, user_logout)', () => {
  it('shows the banner as a modal after login, and once confirmed it is gone', async () => {
    const { api } = await openHome(banner());
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Demo Retail' });
    expect(dialog).toHaveTextContent('Read this first');
    expect(dialog.querySelector('script')).toBeNull();
    // the page behind cannot be reached
    await waitFor(() => expect(document.querySelector('.app')).toHaveAttribute('inert'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: /decline/i })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([BANNER_PATHS.learnerWelcomeConfirm(8)]);
    expect(document.querySelector('.app')).not.toHaveAttribute('inert');
  });

  it('logs the learner out when they decline a user_logout banner', async () => {
    const { api, view } = await openHome(banner({ user_logout: true, just_confirm: false, welcome_banner_type: 'image', text: '' }), {
      [`POST ${BANNER_PATHS.learnerWelcomeDecline(8)}`]: [204, null],
      'POST /o/revoke_token/': [200, {}],
      'GET /login_params/': [200, loginParams],
    });
    await screen.findByRole('dialog', { name: 'Welcome to Demo Retail' });
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I decline and want to leave' }));
    await waitFor(() => expect(view.memory.history?.at(-1)).toBe('/'));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining([
      `POST ${BANNER_PATHS.learnerWelcomeDecline(8)}`, 'POST /o/revoke_token/',
    ]));
    expect(localStorage.getItem('learning-v3') ?? '').not.toContain('access');
  });

  it('waits for a default password to be changed first', async () => {
    loggedIn({ ...demoUser, user_change_password: true });
    fakeApi({ [`GET ${BANNER_PATHS.learnerWelcome}`]: [200, { banner: banner() }], 'GET /users/session/': [200, { ...demoUser, user_change_password: true }] });
    await renderWithApp(undefined, { path: '/home', locale: 'en' });
    expect(await screen.findByText('You are signed in with the default password: choose a new password to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
