import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_PATHS, type LearnerMessage } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const item = (id: number, read: boolean, extra: Partial<LearnerMessage> = {}): LearnerMessage => ({
  id, title: `Message ${id}`, excerpt: `Text of message ${id}`, send_date: '2026-11-20T10:00:00Z', read, read_at: read ? '2026-11-21T10:00:00Z' : null,
  opened_in: read ? 'app' : null, ...extra,
});

/** The messages page with a server that remembers what was read. */
async function open(path = '/messages') {
  loggedIn();
  const read = new Set<number>([4]);
  const list = () => [item(5, read.has(5), { title: 'Team meeting' }), item(4, true, { title: 'Welcome aboard' })];
  const api = fakeApi({
    [`GET ${MESSAGE_PATHS.learnerMessages}`]: () => {
      // this very request: the newest call to the list
      const url = api.fetchMock.mock.calls.map((c) => String(c[0])).reverse().find((u) => u.includes(`${MESSAGE_PATHS.learnerMessages}?`))!;
      const unreadOnly = url.includes('unread=true');
      const results = list().filter((m) => !unreadOnly || !m.read);
      return [200, { count: results.length, unread: list().filter((m) => !m.read).length, results }];
    },
    [`GET ${MESSAGE_PATHS.learnerUnread}`]: () => [200, { unread: list().filter((m) => !m.read).length }],
    [`POST ${MESSAGE_PATHS.learnerRead(5)}`]: () => {
      read.add(5);
      return [200, { ...item(5, true, { title: 'Team meeting', opened_in: 'web' }), content: '<p>Tomorrow at <strong>9</strong><img src="x" onerror="alert(1)"></p>' }];
    },
  });
  await renderWithApp(undefined, { path, locale: 'en' });
  return api;
}

describe('messages page (spec 3 §2 messages; §3 read, opened_in)', () => {
  it('lists the messages with the unread marked, and the header counts them', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: /Messages/ });
    expect(link).toHaveAttribute('href', '/messages');
    expect(await within(link).findByLabelText('1 unread')).toHaveTextContent('1');

    const unread = (await screen.findByText('Team meeting')).closest('li') as HTMLElement;
    expect(unread).toHaveClass('message-unread');
    expect(within(unread).getByText('New')).toBeInTheDocument();
    const seen = screen.getByText('Welcome aboard').closest('li') as HTMLElement;
    expect(within(seen).queryByText('New')).not.toBeInTheDocument();
  });

  it('opens a message: shows its text, records the reading from the web, and clears the unread mark', async () => {
    const api = await open();
    await userEvent.click(await screen.findByRole('button', { name: /Team meeting/ }));
    const body = await screen.findByText('Tomorrow at', { exact: false });
    expect(body.closest('.message-body')!.querySelector('img')!.getAttribute('onerror')).toBeNull();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(MESSAGE_PATHS.learnerRead(5));
    expect(JSON.parse(post.body)).toEqual({ opened_in: 'web' });
    await waitFor(() => expect(within(screen.getByText('Team meeting').closest('li') as HTMLElement).queryByText('New')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).queryByLabelText(/unread/)).not.toBeInTheDocument());
  });

  it('opens the message an e-mail links to', async () => {
    const api = await open('/messages?open=5');
    expect(await screen.findByText('Tomorrow at', { exact: false })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === MESSAGE_PATHS.learnerRead(5))).toBe(true);
  });

  it('filters the unread ones', async () => {
    await open();
    await screen.findByText('Welcome aboard');
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(await screen.findByText('Team meeting')).toBeInTheDocument();
    expect(screen.queryByText('Welcome aboard')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  });
});
