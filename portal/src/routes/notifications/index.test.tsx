import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@lp/shared/contract';
import type { LocaleCode } from '@lp/shared/rules';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { noticeTarget } from './notice-text.ts';

const notice = (id: number, kind: string, payload: Notification['payload'], read: boolean, created: string): Notification => ({
  id, kind, payload, read_at: read ? '2026-11-26T10:00:00Z' : null, created_at: created,
});

/** The notifications page with a server that remembers what was read. */
async function open(locale: LocaleCode = 'en', path = '/notifications') {
  loggedIn();
  const read = new Set<number>([3]);
  const list = () => [
    notice(9, 'survey_published', { id: 12, title: 'Store climate', link: '/surveys/12', text: 'Nova pesquisa disponível: "Store climate"' }, read.has(9), '2026-11-27T15:30:00Z'),
    notice(7, 'presential_appointment_canceled', { id: 4, title: 'Safety day', reason: null, link: '/admin/presential/appointments/4' }, read.has(7), '2026-11-26T09:00:00Z'),
    notice(5, 'something_new', { text: 'Texto do servidor' }, read.has(5), '2026-11-25T09:00:00Z'),
    notice(3, 'drill_open_today', { id: 2, title: 'Daily quiz', link: '/drills/2' }, read.has(3), '2026-11-24T08:00:00Z'),
  ];
  const api = fakeApi({
    'GET /notifications/': () => [200, { count: 4, unread: list().filter((n) => n.read_at === null).length, results: list() }],
    'POST /notifications/9/read/': () => { read.add(9); return [200, { detail: 'read' }]; },
    'POST /notifications/5/read/': () => { read.add(5); return [200, { detail: 'read' }]; },
    'POST /notifications/read_all/': () => { [9, 7, 5].forEach((id) => read.add(id)); return [200, { detail: 'read' }]; },
    'GET /surveys/12/': [404, { detail: 'not found', code: 'not_found' }],
  });
  const view = await renderWithApp(undefined, { path, locale });
  return { api, ...view };
}

describe('notifications page and header bell (spec 1 §4.3, learner side)', () => {
  it('counts the unread in the bell, whose name says so', async () => {
    await open('en', '/home');
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('lists the notices newest first in the reader\'s language, with their date and links', async () => {
    await open('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const [first, second, third, fourth] = within(await screen.findByRole('list')).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const items = [first, second, third, fourth];
    expect(items.map((li) => li.querySelector('.notice-text')!.textContent)).toEqual([
      'NewNew survey available: "Store climate"',
      'NewThe face-to-face training "Safety day" was canceled. Reason: ',
      'NewTexto do servidor',
      'Today\'s questions of the drill "Daily quiz" are open',
    ]);
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/surveys/12');
    expect(within(second).getByRole('link')).toHaveAttribute('href', '/admin/presential/appointments/4');
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
    expect(fourth).not.toHaveClass('notice-unread');
    const time = first.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-27T15:30:00Z');
    expect(time.textContent).toMatch(/2026/);
    expect(screen.getByText('3 unread')).toBeInTheDocument();
  });

  it('translates into pt-br too', async () => {
    await open('pt-br');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notificações' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Nova pesquisa disponível: "Store climate"' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificações, 3 não lidas' })).toBeInTheDocument();
  });

  it('following a notice marks it read and goes to its portal page; the bell count drops', async () => {
    const { api, memory } = await open('en');
    await userEvent.click(await screen.findByRole('link', { name: 'New survey available: "Store climate"' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/notifications/9/read/')).toBe(true));
    expect(memory.history!.at(-1)).toBe('/surveys/12');
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('marks a notice without a link read by its button, and all of them at once', async () => {
    const { api } = await open('en');
    const item = (await screen.findByText('Texto do servidor')).closest('li') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(item).not.toHaveClass('notice-unread'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/notifications/read_all/')).toBe(true));
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps portal paths inside the portal and sends admin paths and URLs out', () => {
    expect(noticeTarget('/surveys/3')).toEqual({ kind: 'portal', path: '/surveys/3' });
    expect(noticeTarget('/admin/x')).toEqual({ kind: 'external', url: '/admin/x' });
    expect(noticeTarget('https://a.example/r.csv')).toEqual({ kind: 'external', url: 'https://a.example/r.csv' });
    expect(noticeTarget('//evil.example')).toBeNull();
    expect(noticeTarget(null)).toBeNull();
  });
});
