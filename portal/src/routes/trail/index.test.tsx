import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { trail } from '../../test/learning-fixtures.ts';

const noComments: [number, unknown] = [200, { count: 0, results: [] }];

describe('trail detail (spec 2 §2.1, §3.8, §4.10)', () => {
  it('lists the trainings in order with availability: open ones link inside the trail', async () => {
    loggedIn();
    fakeApi({
      'GET /trails/3/': [200, trail({
        items: [
          ...trail().items,
          {
            kind: 'training', id: 9, title: 'Next season', order: 3, available: false, lock_reason: 'not_yet_available', available_in: '2026-12-01',
            prerequisite_kind: null, prerequisite_id: null, status: 'not_started', percent: 0, done: false,
          },
        ],
      })],
      'GET /trails/3/comments/': noComments,
    });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Store onboarding' })).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'Modules of the trail (3)' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Safety basics', 'Customer service', 'Next season']);
    expect(within(items[0]!).getByRole('link', { name: 'Safety basics' })).toHaveAttribute('href', '/trails/3/course/7');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Finish “Safety basics” first.')).toBeInTheDocument();
    // spec 1 §9: English shows MM-DD-YYYY
    expect(within(items[2]!).getByText('Available from 12-01-2026')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('You can comment once you finish the trail.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite Store onboarding' })).toBeInTheDocument();
  });

  it('shows every kind of module with its name, its own page and whether it is done; locks apply to every kind (spec 2 §2.4)', async () => {
    loggedIn();
    const base = { order: 0, available: true, lock_reason: null, available_in: null, prerequisite_kind: null, prerequisite_id: null, status: 'not_started', percent: 0, done: false } as const;
    fakeApi({
      'GET /trails/3/': [200, trail({
        qty_items: 6,
        items: [
          { ...base, kind: 'training', id: 7, title: 'Safety basics', order: 1, status: 'finished', percent: 100, done: true },
          { ...base, kind: 'live_class', id: 21, title: 'Store planning live', order: 2 },
          { ...base, kind: 'webcast', id: 31, title: 'Season launch', order: 3, status: 'finished', percent: 100, done: true },
          { ...base, kind: 'news', id: 41, title: 'New uniform', order: 4, available: false, lock_reason: 'prerequisite', prerequisite_kind: 'live_class', prerequisite_id: 21 },
          { ...base, kind: 'podcast', id: 51, title: 'Sales talk', order: 5, status: 'ongoing', percent: 40 },
          { ...base, kind: 'library_file', id: 61, title: 'Price list 2026', order: 6, status: 'finished', percent: 100, done: true },
        ],
      })],
      'GET /trails/3/comments/': noComments,
    });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    const region = await screen.findByRole('region', { name: 'Modules of the trail (6)' });
    const items = within(region).getAllByRole('listitem');
    const kinds = items.map((item) => item.querySelector('.trail-item-kind')!.textContent);
    expect(kinds).toEqual(['Course', 'Live class', 'Webinar', 'News item', 'Podcast', 'Library file']);
    const link = (i: number) => within(items[i]!).queryByRole('link')?.getAttribute('href') ?? null;
    expect([0, 1, 2, 3, 4, 5].map(link)).toEqual([
      '/trails/3/course/7', '/live_classes/21', '/webcasts/31', null, '/podcasts/51', '/library/Price%20list%202026',
    ]);
    // done by its kind's rule, or what is left to do
    expect(items[2]).toHaveTextContent('✓ Watched');
    expect(items[5]).toHaveTextContent('✓ Opened');
    expect(items[1]).toHaveTextContent('Attend the class: it counts once the class is finished');
    expect(items[4]).toHaveTextContent('Listen to the end');
    expect(items[3]).toHaveTextContent('Finish “Store planning live” first.');
    // the training keeps its progress bar
    expect(within(items[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('lets a learner who finished comment once', async () => {
    loggedIn();
    let commented = false;
    const { calls } = fakeApi({
      'GET /trails/3/': () => [200, trail({ status: 'finished', percent: 100, can_comment: !commented })],
      'GET /trails/3/comments/': () => [200, commented
        ? { count: 1, results: [{ id: 1, author: 'Lia Learner', stars: 4, comment: 'Great path', created_at: '2026-11-22T10:00:00Z', mine: true }] }
        : { count: 0, results: [] }],
      'POST /trails/3/comments/': () => {
        commented = true;
        return [201, { id: 1 }];
      },
    });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
    await userEvent.type(screen.getByLabelText('Your comment'), 'Great path');
    await userEvent.click(within(screen.getByRole('group', { name: 'Your rating (stars)' })).getByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Comment sent. Thank you!')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ comment: 'Great path', stars: 4 });
    await waitFor(() => expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument());
    expect(await screen.findByText('Great path')).toBeInTheDocument();
  });

  it('says "you already commented" when the server refuses a second comment', async () => {
    loggedIn();
    fakeApi({
      'GET /trails/3/': [200, trail({ status: 'finished', percent: 100, can_comment: true })],
      'GET /trails/3/comments/': noComments,
      'POST /trails/3/comments/': [409, { detail: 'already', code: 'you_already_commented' }],
    });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Your comment'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already commented/i);
  });

  it('says Trail not found', async () => {
    loggedIn();
    fakeApi({ 'GET /trails/3/': [404, { detail: 'Trail not found', code: 'trail_not_found' }] });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Trail not found');
  });
});
