import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { readSession } from '@lp/shared/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

const token = { access_token: 'a1', token_type: 'Bearer', expires_in: 3600, scope: 'read' };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const stores = { scheme: null, app_store_url: 'https://apps.apple.com/app/id1', play_store_url: 'https://play.google.com/store/apps/details?id=lp' };

function onPhone() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
}
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the mobile app (spec 1 §1, §2.1 /app-store, mobile-browser redirect)', () => {
  it('/app-store points to the configured store pages', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, mobile_app: stores }] });
    await renderWithApp(undefined, { path: '/app-store', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', stores.app_store_url);
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', stores.play_store_url);
  });

  it('/app-store says so when no store is configured', async () => {
    fakeApi({ 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { path: '/app-store', locale: 'en' });
    expect(await screen.findByText('The app is not available for download yet.')).toBeInTheDocument();
  });

  it('suggests the app on a mobile browser, not on a desktop one, until dismissed', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, mobile_app: stores }] });
    const desktop = await renderWithApp(undefined, { locale: 'en' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: 'Get the app' })).not.toBeInTheDocument();
    desktop.unmount();

    onPhone();
    await renderWithApp(undefined, { locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/app-store');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the app suggestion' }));
    expect(screen.queryByRole('link', { name: 'Get the app' })).not.toBeInTheDocument();
    expect(localStorage.getItem('lp-app-suggestion-dismissed')).toBe('1');
  });

  it('sends a mobile browser on set-password to the app scheme, and lets the person go on in the browser', async () => {
    onPhone();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    fakeApi({
      'GET /login_params/': [200, { ...loginParams, mobile_app: { ...stores, scheme: 'learning' } }],
      'POST /users/recover_password/check/': [200, {}],
    });
    await renderWithApp(undefined, { path: '/set-password/ana%40x.com/MTI/abc-123', locale: 'en' });
    const open = await screen.findByRole('link', { name: 'Open the app' });
    expect(open).toHaveAttribute('href', 'learning://open?username=ana%40x.com&uidb64=MTI&token=abc-123&origin=set-password');
    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(open.getAttribute('href')));
    await userEvent.click(screen.getByRole('button', { name: 'Continue in the browser' }));
    expect(await screen.findByRole('button', { name: /save|set/i })).toBeInTheDocument();
  });

  it('without APP_SCHEME a mobile browser stays on the page', async () => {
    onPhone();
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, mobile_app: stores }], 'POST /users/recover_password/check/': [200, {}] });
    await renderWithApp(undefined, { path: '/set-password/ana%40x.com/MTI/abc-123', locale: 'en' });
    expect(await screen.findByRole('button', { name: /save|set/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the app' })).not.toBeInTheDocument();
  });

  it("inside the native app (the server's APP_USER_AGENT marker) neither the redirect nor the install suggestion shows", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(`${ANDROID} AcmeLearning/2.0`);
    const app = { ...stores, scheme: 'learning', user_agent: 'AcmeLearning/' };
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, mobile_app: app }], 'POST /users/recover_password/check/': [200, {}] });
    const page = await renderWithApp(undefined, { path: '/set-password/ana%40x.com/MTI/abc-123', locale: 'en' });
    expect(await screen.findByRole('button', { name: /save|set/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the app' })).not.toBeInTheDocument();
    page.unmount();
    await renderWithApp(undefined, { locale: 'en' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: 'Get the app' })).not.toBeInTheDocument();
  });
});

describe('help-desk widget (spec 1 §2.1, use_help_desk)', () => {
  it('offers the configured help-desk page while the flag is on', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, use_help_desk: true, help_desk_url: 'https://help.example.com/portal' }] });
    await renderWithApp(undefined, { locale: 'en' });
    const link = await screen.findByRole('link', { name: 'Help desk' });
    expect(link).toHaveAttribute('href', 'https://help.example.com/portal');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('loads a configured widget script once; nothing while the flag is off', async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, use_help_desk: false, help_desk_url: 'https://widget.example.com/w.js' }] });
    const off = await renderWithApp(undefined, { locale: 'en' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(document.querySelector('script[data-help-desk]')).toBeNull();
    off.unmount();
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, use_help_desk: true, help_desk_url: 'https://widget.example.com/w.js' }] });
    await renderWithApp(undefined, { locale: 'en' });
    await waitFor(() => expect(document.querySelector('script[data-help-desk]')).toHaveAttribute('src', 'https://widget.example.com/w.js'));
    expect(document.querySelectorAll('script[data-help-desk]')).toHaveLength(1);
    document.querySelector('script[data-help-desk]')?.remove();
  });
});

describe('tmp_system_new_version guard (spec 1 §2.4)', () => {
  it('logs out a user without any module item', async () => {
    fakeApi({
      'GET /login_params/': [200, { ...loginParams, tmp_system_new_version: true }],
      'POST /o/token/': [200, token],
      'GET /users/session/': [200, demoUser],
      'POST /o/revoke_token/': [200, {}],
    });
    const { memory } = await renderWithApp(undefined, { locale: 'en' });
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'learner@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Learner#2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("User doesn't have access");
    expect(readSession(localStorage).signed_in).toBe(false);
    expect(memory.history.at(-1)).toBe('/');
  });

  it('sends a holder of a module item to admin_overview', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const manager = { ...demoUser, user_client_module_items: [{ id: demoUser.id_user_client_selected!, module_items: [{ slug: 'trainings', permission: true }] }] };
    fakeApi({
      'GET /login_params/': [200, { ...loginParams, tmp_system_new_version: true }],
      'POST /o/token/': [200, token],
      'GET /users/session/': [200, manager],
    });
    await renderWithApp(undefined, { locale: 'en' });
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'instructor@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/overview'));
  });

  it('already logged in: on to home keeping the query; on redirect-control-pannel-v2 the session ends', async () => {
    loggedIn();
    fakeApi({ 'GET /login_params/': [200, loginParams], 'GET /users/session/': [200, demoUser], 'GET /home/': [200, {}] });
    const first = await renderWithApp(undefined, { path: '/?tab=2', locale: 'en' });
    await waitFor(() => expect(first.memory.history.at(-1)).toBe('/home?tab=2'));
    first.unmount();

    loggedIn();
    fakeApi({ 'GET /login_params/': [200, loginParams], 'POST /o/revoke_token/': [200, {}] });
    await renderWithApp(undefined, { path: '/redirect-control-pannel-v2', locale: 'en' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(readSession(localStorage).signed_in).toBe(false);
  });
});
