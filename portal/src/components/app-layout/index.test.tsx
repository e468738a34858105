import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { Link } from 'wouter-preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AppLayout } from './index.tsx';

const user = { ...demoUser, user_clients: [{ id: 1, name: 'Demo Retail', home_route: '/home', settings: { title_news: 'Mural' } }] } as unknown as typeof demoUser;

async function open(path: string) {
  loggedIn(user);
  fakeApi({ 'GET /messages/unread/': [200, { unread: 0 }] });
  return renderWithApp(
    <AppLayout><h1>Page</h1><Link href="/calendar">to the calendar</Link></AppLayout>,
    { path, locale: 'en' },
  );
}

describe('the learner shell (WCAG 2.4.1, 2.4.2, 2.4.3; issue: the portal on phones)', () => {
  beforeEach(() => { document.title = ''; });

  it('titles each page "{page} · {client}", in the client\'s words where it renamed the section', async () => {
    const { memory } = await open('/courses/7');
    expect(document.title).toBe('Courses · Demo Retail');
    act(() => memory.navigate('/news'));
    expect(document.title).toBe('Mural · Demo Retail');
    act(() => memory.navigate('/p/unknown'));
    expect(document.title).toBe('Demo Retail');
  });

  it('offers "skip to content" first, and moves the focus to the content after a navigation', async () => {
    await open('/home');
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'to the calendar' }));
    await waitFor(() => expect(main).toHaveFocus());
  });

  it('keeps the links behind a menu button that any navigation closes', async () => {
    await open('/home');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'app-header-panel');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
  });
});
