import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { dashboard } from '../../test/learning-fixtures.ts';

const event = (over: Partial<FeedEvent>): FeedEvent => ({
  id: 1, kind: 'liked', user: { id: 9, name: 'Ana' }, content_type: 'training', content_id: 7, title: 'Safety basics', text: null, stars: null,
  created_at: '2026-11-20T10:00:00Z', mine: false, ...over,
});
const EVENTS = [
  event({ id: 6, kind: 'published', content_type: null, content_id: null, title: null, text: 'Goal reached!', mine: true, user: { id: 3, name: 'Lia Learner' } }),
  event({ id: 5, kind: 'certified', content_type: 'trail', content_id: 3, title: 'Store onboarding' }),
  event({ id: 4, kind: 'badge_earned', content_type: 'badge', content_id: 2, title: 'First training' }),
  event({ id: 3, kind: 'evaluated', stars: 4 }),
  event({ id: 2, kind: 'commented', content_type: 'news', content_id: 11, title: 'New collection' }),
  event({ id: 1 }),
];

describe('feed / timeline (spec 1 §2.2 home timeline and feed, §9 event kinds)', () => {
  it('shows the latest events on the home page, each kind in words with its content linked', async () => {
    loggedIn();
    const api = fakeApi({
      'GET /home/': [200, dashboard()],
      'GET /feed/': [200, { count: 6, results: EVENTS.slice(0, 5) }],
    });
    await renderWithApp(undefined, { path: '/home', locale: 'en' });
    const region = await screen.findByRole('region', { name: 'Timeline' });
    const list = await within(region).findByRole('list', { name: 'Timeline' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('You posted:');
    expect(items[0]).toContain('Goal reached!');
    expect(items[1]).toContain('Ana got certified in the trail Store onboarding');
    expect(items[2]).toContain('Ana earned the badge First training');
    expect(within(list).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'New collection' })).toHaveAttribute('href', '/news/11');
    expect(within(list).getByRole('link', { name: 'First training' })).toHaveAttribute('href', '/profile#badges');
    expect(within(region).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/feed');
    // the home asks for a short page and offers neither posting nor "load more"
    expect(within(region).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(region).queryByLabelText('Share something with your colleagues')).not.toBeInTheDocument();
    expect(api.fetchMock.mock.calls.map((c) => String(c[0])).find((u) => u.includes('/feed/'))).toContain('page_size=5');
  });

  it('posts, shows only one’s own and deletes a post after confirming', async () => {
    loggedIn();
    let posted = false;
    let deleted = false;
    const { calls, fetchMock } = fakeApi({
      'GET /feed/': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const page = Number(url.searchParams.get('page'));
        const all = [...(posted ? [event({ id: 7, kind: 'published', content_type: null, content_id: null, title: null, text: 'Hello team', mine: true })] : []), ...EVENTS]
          .filter((e) => !(deleted && e.id === 6))
          .filter((e) => url.searchParams.get('scope') !== 'mine' || e.mine);
        return [200, { count: all.length, results: all.slice((page - 1) * 10, page * 10) }];
      },
      'POST /feed/posts/': () => { posted = true; return [201, EVENTS[0]]; },
      'DELETE /feed/posts/6/': () => { deleted = true; return [204, null]; },
    });
    await renderWithApp(undefined, { path: '/feed', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    await screen.findByText('Goal reached!');

    await userEvent.type(screen.getByLabelText('Share something with your colleagues'), 'Hello team');
    expect(screen.getByText('10/1000 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Hello team')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ text: 'Hello team' });

    await userEvent.click(screen.getByRole('button', { name: 'Only mine' }));
    const goal = (await screen.findByText('Goal reached!')).closest('li') as HTMLElement;
    expect(screen.queryByText(/Ana/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Only mine' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(goal).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(goal).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByText('Goal reached!')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/feed/posts/6/')).toBe(true);
  });

  it('loads the older events page by page', async () => {
    loggedIn();
    const many = Array.from({ length: 12 }, (_, i) => event({ id: 100 - i, title: `Course ${i + 1}` }));
    const { fetchMock } = fakeApi({
      'GET /feed/': () => {
        const page = Number(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('page'));
        return [200, { count: 12, results: many.slice((page - 1) * 10, page * 10) }];
      },
    });
    await renderWithApp(undefined, { path: '/feed', locale: 'en' });
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Course 12')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
