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
          { kind: 'training', id: 9, title: 'Next season', order: 3, available: false, lock_reason: 'not_yet_available', available_in: '2026-12-01', prerequisite_id: null, status: 'not_started', percent: 0 },
        ],
      })],
      'GET /trails/3/comments/': noComments,
    });
    await renderWithApp(undefined, { path: '/trails/3', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Store onboarding' })).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'Trainings of the trail (3)' })).getAllByRole('listitem');
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
