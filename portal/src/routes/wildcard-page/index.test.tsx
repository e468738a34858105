import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

describe('wildcard page (spec 1 §2.3 wild_cards) at /p/{slug}', () => {
  it('shows the page of the slug', async () => {
    loggedIn();
    fakeApi({ 'GET /pages/exchange-policy/': [200, { id: 4, title: 'Exchange policy', slug: 'exchange-policy', content: '<p>30 days<img src="x" onerror="alert(1)"></p>', updated_at: '2026-11-20T10:00:00Z' }] });
    await renderWithApp(undefined, { path: '/p/exchange-policy', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exchange policy' })).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('says "not found" for a page the learner may not see', async () => {
    loggedIn();
    fakeApi({ 'GET /pages/secret/': [404, { detail: 'Not found', code: 'not_found' }] });
    await renderWithApp(undefined, { path: '/p/secret', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('This page does not exist or is not available to you.')).toBeInTheDocument();
  });
});
