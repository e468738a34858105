import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

describe('terms and conditions gate (spec 1 §3.1 accept_terms_and_conditions)', () => {
  it('asks for the changed terms before the page and records the acceptance of their version', async () => {
    const pending = { ...demoUser, accept_terms_and_conditions: false, terms_version: '2026-11-27T10:00:00.000Z' };
    loggedIn(pending);
    let accepted = false;
    const { calls } = fakeApi({
      'GET /users/session/': () => [200, accepted ? { ...pending, accept_terms_and_conditions: true } : pending],
      'GET /login_params/': [200, loginParams],
      'GET /legal_texts/terms/': [200, { kind: 'terms', language: 'en-us', content: '<p>Be kind to customers.</p>', updated_at: '2026-11-27T10:00:00Z' }],
      'POST /users/consents/': () => {
        accepted = true;
        return [201, { id: 1, kind: 'terms', version: pending.terms_version, accepted: true, created_at: '2026-11-27T11:00:00Z', ip: null, user_agent: null }];
      },
    });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(await screen.findByText('Be kind to customers.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hello/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have read and accept' }));
    expect(await screen.findByRole('heading', { name: /Lia Learner/ })).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/users/consents/');
    expect(JSON.parse(sent!.body)).toEqual({ kind: 'terms', version: '2026-11-27T10:00:00.000Z', accepted: true });
  });

  it('lets a user whose client has no terms straight through', async () => {
    loggedIn({ ...demoUser, accept_terms_and_conditions: true, terms_version: null });
    fakeApi({ 'GET /users/session/': [200, demoUser], 'GET /login_params/': [200, loginParams] });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByRole('heading', { name: /Lia Learner/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms and conditions' })).not.toBeInTheDocument();
  });
});
