import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

const text = (kind: string, content: string, language = 'en-us') => [200, { kind, language, content, updated_at: '2026-11-20T10:00:00Z' }] as [number, unknown];

describe('institutional pages (spec 1 §2.1 about, privacy, terms, help; §2.2 institutional/*)', () => {
  it('shows the about text to a visitor, without login, in the visitor’s language', async () => {
    const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams], 'GET /legal_texts/about/': text('about', '<h2>Who we are</h2><p>Academy<script>x()</script></p>') });
    await renderWithApp(undefined, { path: '/about', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Who we are' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('Updated on 11-20-2026')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/legal_texts/about/')!;
    expect(call.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('shows the privacy policy and the cookies policy on the privacy page', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'GET /legal_texts/policy/': text('policy', '<p>We keep your data safe.</p>'),
      'GET /legal_texts/cookies_policy/': [404, { detail: 'not written', code: 'not_found' }],
    });
    await renderWithApp(undefined, { path: '/privacy', locale: 'en' });
    const policy = await screen.findByRole('region', { name: 'Privacy policy' });
    expect(await within(policy).findByText('We keep your data safe.')).toBeInTheDocument();
    const cookies = screen.getByRole('region', { name: 'Cookies policy' });
    expect(await within(cookies).findByText('This text has not been published yet.')).toBeInTheDocument();
  });

  it('reads a learner’s own client’s terms inside the portal (institutional/terms)', async () => {
    loggedIn({ ...demoUser, id_user_client_selected: 4 });
    const { fetchMock } = fakeApi({ 'GET /users/session/': [200, demoUser], 'GET /legal_texts/terms/': text('terms', '<p>Os termos</p>', 'pt-br') });
    await renderWithApp(undefined, { path: '/institutional/terms' });
    expect(await screen.findByText('Os termos')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls.map((c) => c[0]).find((u) => String(u).includes('/legal_texts/terms/'))), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ language: 'pt-br', client_id: '4' });
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeInTheDocument();
  });

  it('sends a help request from the public help page', async () => {
    const { calls } = fakeApi({ 'GET /login_params/': [200, loginParams], 'POST /help_requests/': [201, { detail: 'help_request_sent' }] });
    await renderWithApp(undefined, { path: '/help', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send help request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure that all fields are filled in');
    await userEvent.type(screen.getByLabelText('Name'), 'Rui');
    await userEvent.type(screen.getByLabelText('E-mail'), 'rui@example.com');
    await userEvent.type(screen.getByLabelText('How can we help?'), 'I cannot log in');
    await userEvent.click(screen.getByRole('button', { name: 'Send help request' }));
    expect(await screen.findByText('Request sent. We will answer at the e-mail address you gave.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path === '/help_requests/')!.body)).toEqual({ name: 'Rui', email: 'rui@example.com', message: 'I cannot log in' });
    expect(screen.getByRole('link', { name: 'Recover password' })).toHaveAttribute('href', '/recover-password');
  });

  it('fills in a learner’s name and e-mail on institutional/help', async () => {
    loggedIn();
    fakeApi({ 'GET /users/session/': [200, demoUser] });
    await renderWithApp(undefined, { path: '/institutional/help', locale: 'en' });
    expect(await screen.findByLabelText('Name')).toHaveValue('Lia Learner');
    expect(screen.getByLabelText('E-mail')).toHaveValue('learner@demo.local');
    expect(screen.queryByRole('link', { name: 'Recover password' })).not.toBeInTheDocument();
  });

  it('sends unknown institutional pages to Not Found', async () => {
    loggedIn();
    fakeApi({ 'GET /users/session/': [200, demoUser] });
    await renderWithApp(undefined, { path: '/institutional/unknown', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
