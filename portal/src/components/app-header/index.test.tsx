import { screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AppHeader } from './index.tsx';

/** The demo user with the selected client's settings replaced. */
const withSettings = (settings: Record<string, unknown>) =>
  ({ ...demoUser, user_clients: [{ id: 1, name: 'Demo Retail', home_route: '/home', settings }] }) as unknown as typeof demoUser;

async function header(settings: Record<string, unknown>, path = '/home') {
  loggedIn(withSettings(settings));
  fakeApi({ 'GET /messages/unread/': [200, { unread: 2 }] });
  await renderWithApp(<AppHeader />, { path, locale: 'en' });
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

const linkNames = (nav: ReturnType<typeof within>): (string | null)[] => nav.getAllByRole('link').map((a: HTMLElement) => a.textContent);

describe('the portal menu as the client set it (spec 1 §2.3 settings for menu editing, §6.2 settings_menu)', () => {
  it('shows the portal’s own menu without a configuration, with the client’s section words', async () => {
    const nav = await header({ title_news: 'Mural' });
    const names = linkNames(nav);
    expect(names.slice(0, 3)).toEqual(['Home', 'Courses', 'Trails']);
    expect(names).toContain('Mural');
    expect(names).not.toContain('My visits');
  });

  it('renames, hides and reorders the entries from the session, with nothing else to load', async () => {
    const nav = await header({
      title_news: 'Mural',
      learner_menu: [
        { key: 'calendar', label: 'Agenda', hidden: false },
        { key: 'home', label: '', hidden: false },
        { key: 'news', label: 'Comunicados', hidden: false },
        { key: 'messages', label: 'Caixa de entrada', hidden: false },
        { key: 'trails', label: '', hidden: true },
        { key: 'podcasts', label: 'Ignored', hidden: true },
      ],
    }, '/calendar');
    const names = linkNames(nav);
    expect(names.slice(0, 3)).toEqual(['Agenda', 'Home', 'Comunicados']);
    // the messages link keeps its unread count beside the client's word
    expect(names[3]).toMatch(/^Caixa de entrada/);
    expect(names).not.toContain('Trails');
    expect(names.some((n) => n?.startsWith('Ignored') || n === 'Podcasts')).toBe(false);
    // what it does not name follows in the portal's order
    expect(names.slice(4, 6)).toEqual(['Courses', 'Webinars']);
    expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('href', '/calendar');
    expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: /Caixa de entrada/ })).toHaveAttribute('href', '/messages');
  });
});
