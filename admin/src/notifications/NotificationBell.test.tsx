import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AdminContext, testDataProvider } from 'react-admin';
import { formatRelativeTime } from '@lp/shared/rules';
import type { Notification, NotificationsPage, SessionUser } from '@lp/shared/contract';
import { NOTIFICATIONS_POLL_MS, NotificationBell } from './NotificationBell.tsx';
import { linkTarget, notificationText } from './notificationText.ts';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';
import { fakeHttp } from '../test/fakeHttp.ts';
import { ContractHttpProvider } from '../common/http/index.ts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: 'import_finished',
    payload: {
      id: 7, import_type: 'users', file_name: 'usuarios.xlsx', created_count: 3, updated_count: 1, error_count: 0,
      link: '/admin/admin-imports/7/show',
    },
    read_at: null,
    created_at: minutesAgo(5),
    ...overrides,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function renderBell(pages: NotificationsPage[], user: SessionUser | null = sessionUser()) {
  let call = 0;
  const getNotifications = vi.fn(async (_pageSize: number) => pages[Math.min(call++, pages.length - 1)]!);
  const markNotificationRead = vi.fn(async (_id: number) => undefined);
  const markAllNotificationsRead = vi.fn(async () => undefined);
  const { http } = fakeHttp(({ method, path }) => {
    const page = /^\/notifications\/\?page_size=(\d+)$/.exec(path);
    if (method === 'GET' && page) return getNotifications(Number(page[1]));
    const one = /^\/notifications\/(\d+)\/read\/$/.exec(path);
    if (method === 'POST' && one) return markNotificationRead(Number(one[1]));
    if (method === 'POST' && path === '/notifications/read_all/') return markAllNotificationsRead();
    throw new Error(`unexpected ${method} ${path}`);
  });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ContractHttpProvider value={http}>
          <NotificationBell />
          <Where />
        </ContractHttpProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { getNotifications, markNotificationRead, markAllNotificationsRead };
}

const bell = () => screen.findByRole('button', { name: 'Notificações' });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('NotificationBell', () => {
  it('asks nothing before anyone is signed in (the bar shows a moment before the login page)', async () => {
    const { getNotifications } = renderBell([{ results: [], unread: 0, count: 0 }], null);
    await bell();
    await act(async () => { await new Promise((resolve) => { setTimeout(resolve, 50); }); });
    expect(getNotifications).not.toHaveBeenCalled();
  });

  const unreadImport = notification();
  const readReport = notification({
    id: 2, kind: 'report_ready', read_at: minutesAgo(60), created_at: minutesAgo(120),
    payload: { report: 'Usuários', link: 'https://files.example/r/9.xlsx' },
  });

  it('shows the unread count and polls every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { getNotifications } = renderBell([
      { count: 2, unread: 1, results: [unreadImport, readReport] },
      { count: 3, unread: 2, results: [notification({ id: 3 }), unreadImport, readReport] },
    ]);
    expect(await within(await bell()).findByText('1')).toBeInTheDocument();
    expect(getNotifications).toHaveBeenCalledWith(10);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS));
    expect(await within(await bell()).findByText('2')).toBeInTheDocument();
    expect(getNotifications).toHaveBeenCalledTimes(2);
  });

  it('lists the latest with their translated text and relative date; a click marks read and navigates', async () => {
    const { getNotifications, markNotificationRead } = renderBell([{ count: 2, unread: 1, results: [unreadImport, readReport] }]);
    await userEvent.click(await bell());
    expect(getNotifications).toHaveBeenCalledTimes(2); // on open, too
    const menu = await screen.findByRole('menu');
    const item = within(menu).getByText(
      'Importação #7 de Usuários (usuarios.xlsx) finalizada: 3 criados, 1 atualizado, 0 erro.',
    );
    // the full date on hover, spec 1 §9: DD/MM/YYYY for pt-br, 24-hour time in the admin's zone
    expect(within(menu).getByText('há 5 minutos')).toHaveAttribute('title', expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/));
    expect(within(menu).getByText('há 2 horas')).toBeInTheDocument();
    await userEvent.click(item);
    await vi.waitFor(() => expect(markNotificationRead).toHaveBeenCalledWith(1));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin-imports/7/show'));
  });

  it('opens an absolute link (report download) in a new tab without marking a read one again', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { markNotificationRead } = renderBell([{ count: 2, unread: 1, results: [unreadImport, readReport] }]);
    await userEvent.click(await bell());
    await userEvent.click(await screen.findByText(/Seu relatório "Usuários" está pronto/));
    expect(open).toHaveBeenCalledWith('https://files.example/r/9.xlsx', '_blank', 'noopener');
    expect(markNotificationRead).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('marks all as read', async () => {
    const { markAllNotificationsRead } = renderBell([
      { count: 2, unread: 1, results: [unreadImport, readReport] },
      { count: 2, unread: 1, results: [unreadImport, readReport] },
      { count: 2, unread: 0, results: [{ ...unreadImport, read_at: minutesAgo(0) }, readReport] },
    ]);
    await userEvent.click(await bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    await vi.waitFor(() => expect(markAllNotificationsRead).toHaveBeenCalledTimes(1));
    // the open menu hides the app bar from the accessibility tree
    const button = screen.getByRole('button', { name: 'Notificações', hidden: true });
    await vi.waitFor(() => expect(button.querySelector('.MuiBadge-badge')).toHaveClass('MuiBadge-invisible'));
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  });
});

describe('notification helpers', () => {
  it('send admin paths to the router without the basename, other links to a new tab', () => {
    expect(linkTarget('/admin/admin-import/7', '/admin')).toEqual({ kind: 'router', path: '/admin-import/7' });
    expect(linkTarget('/admin', '/admin')).toEqual({ kind: 'router', path: '/' });
    expect(linkTarget('https://cdn.example/report.xlsx', '/admin')).toEqual({ kind: 'external', url: 'https://cdn.example/report.xlsx' });
    expect(linkTarget('/administration', '/admin')).toEqual({ kind: 'external', url: '/administration' });
    expect(linkTarget(null, '/admin')).toBeNull();
  });

  it('format relative dates in the admin language', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelativeTime('2026-11-22T11:59:40Z', 'pt-br', now)).toBe('agora');
    expect(formatRelativeTime('2026-11-21T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', 'fr', now)).toBe('il y a 3 heures');
  });

  it('fill the text with the payload and fall back to the kind', () => {
    const translate = (key: string, options?: Record<string, unknown>) =>
      key === 'notifications.import_failed' ? `falhou ${String(options?.import_type)} ${String(options?.file_name)}` : key === 'resources.admin-imports.types.branches' ? 'Filiais' : String(options?._ ?? key);
    expect(notificationText({ kind: 'import_failed', payload: { import_type: 'branches', file_name: null } }, translate)).toBe('falhou Filiais ');
    expect(notificationText({ kind: 'something_new', payload: {} }, translate)).toBe('something_new');
  });

  it('say each count of an import in its plural form (issue #25 item 4)', async () => {
    const provider = i18n();
    const text = (error_count: number) => notificationText(
      { kind: 'import_failed', payload: { id: 3, import_type: 'users', file_name: 'a.xlsx', created_count: 0, updated_count: 0, error_count } },
      provider.translate,
    );
    expect(text(1)).toBe('A importação #3 de Usuários (a.xlsx) terminou com 1 erro. Confira os registros.');
    expect(text(2)).toBe('A importação #3 de Usuários (a.xlsx) terminou com 2 erros. Confira os registros.');
    await provider.changeLocale('en');
    expect(text(1)).toBe('Import #3 of Users (a.xlsx) ended with 1 error. Check the log.');
    expect(text(2)).toBe('Import #3 of Users (a.xlsx) ended with 2 errors. Check the log.');
  });
});
