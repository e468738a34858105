import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { dashboard } from '../../test/learning-fixtures.ts';

const ranking = {
  results: Array.from({ length: 10 }, (_, i) => ({ position: i + 1, user_id: 100 + i, name: `Learner ${i + 1}`, points: 1000 - i * 50, me: false })),
  me: { position: 14, user_id: 3, name: 'Lia Learner', points: 120, me: true },
};
const points = (page: number) => ({
  count: 11,
  total: 120,
  results: page === 1
    ? Array.from({ length: 10 }, (_, i) => ({ id: i + 1, points: 10, reason: 'training_completed', title: `Course ${i + 1}`, created_at: '2026-11-20T10:00:00Z' }))
    : [{ id: 11, points: 20, reason: 'trail_completed', title: 'Store onboarding', created_at: '2026-11-01T10:00:00Z' }],
});

async function open(routes: Parameters<typeof fakeApi>[0] = {}) {
  loggedIn();
  const api = fakeApi({
    'GET /home/': [200, dashboard()],
    'GET /home/ranking/': [200, ranking],
    'GET /home/points/': () => {
      const url = new URL(String(api.fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      return [200, points(Number(url.searchParams.get('page')))];
    },
    ...routes,
  });
  await renderWithApp(undefined, { path: '/home', locale: 'en' });
  return api;
}

describe('home (spec 1 §2.2)', () => {
  it('shows next steps, my score, statistics and the pending and finished content', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Lia Learner!' })).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Safety basics' })).toHaveAttribute('href', '/courses/7');
    const score = screen.getByRole('region', { name: 'My score' });
    expect(within(score).getByText('120')).toBeInTheDocument();
    expect(within(score).getByText('#4')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Statistics' })).getByText('3.5 h')).toBeInTheDocument();
    const pending = screen.getByRole('region', { name: 'Pending courses' });
    expect(within(pending).getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['course-card-7', 'course-card-8']);
    expect(within(pending).getByText('Mandatory')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pending trails' })).getByRole('link', { name: 'Store onboarding' })).toHaveAttribute('href', '/trails/3');
    expect(within(screen.getByRole('region', { name: 'Finished' })).getByRole('link', { name: 'Fire drill' })).toBeInTheDocument();
    // the account shortcuts stay
    const account = screen.getByRole('region', { name: 'My account' });
    expect(within(account).getByRole('link', { name: /My profile/ })).toHaveAttribute('href', '/profile');
    expect(within(account).getByRole('link', { name: /Change password/ })).toHaveAttribute('href', '/profile#change-password');
    expect(within(account).getByRole('link', { name: /My certificates/ })).toHaveAttribute('href', '/profile/certificates');
  });

  it('shows the schedule: the learner\'s next live classes beside the rest of their calendar (spec 1 §2.2 home "schedule")', async () => {
    await open({
      'GET /home/': [200, dashboard({
        schedule: [
          { kind: 'live_class', date: null, starts_at: '2026-12-02T13:00:00Z', title: 'Store planning', training: null, webcast_id: null, live_class_id: 9, subscribed: true },
          { kind: 'live_class', date: null, starts_at: '2026-12-03T13:00:00Z', title: 'Open Q&A', training: null, webcast_id: null, live_class_id: 10, subscribed: false },
          { kind: 'activity_available', date: '2026-12-04', starts_at: null, title: 'Lesson 2', training: { id: 7, title: 'Sales' }, webcast_id: null, live_class_id: null, subscribed: false },
        ],
      })],
    });
    const region = await screen.findByRole('region', { name: 'Schedule' });
    const items = within(region).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Live class: Store planning' })).toHaveAttribute('href', '/live_classes/9');
    expect(items[0]).toHaveTextContent('Subscribed');
    // the day and time in the user's zone (English: MM-DD-YYYY)
    expect(within(items[0]!).getByText(/^12-02-2026 \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: 'Live class: Open Q&A' })).toHaveAttribute('href', '/live_classes/10');
    expect(items[1]).not.toHaveTextContent('Subscribed');
    expect(within(items[2]!).getByRole('link', { name: 'Lesson 2 opens (Sales)' })).toHaveAttribute('href', '/courses/7');
    expect(within(items[2]!).getByText('12-04-2026')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'See the calendar' })).toHaveAttribute('href', '/calendar');
  });

  it('says when nothing is scheduled', async () => {
    await open();
    expect(within(await screen.findByRole('region', { name: 'Schedule' })).getByText('Nothing scheduled for the coming days.')).toBeInTheDocument();
  });

  it('shows the ranking top 10 and my place outside it', async () => {
    await open();
    const region = await screen.findByRole('region', { name: 'Ranking' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(10);
    // each entry shows its position, not only the name and points
    expect(items.map((item) => item.querySelector('.ranking-position')?.textContent)).toEqual(ranking.results.map((r) => `#${r.position}`));
    expect(within(region).getByText('Your position: #14, with 120 points.')).toBeInTheDocument();
  });

  it('marks me when I am in the top 10', async () => {
    await open({
      'GET /home/ranking/': [200, { results: [
        { position: 1, user_id: 3, name: 'Lia Learner', points: 900, me: true },
        { position: 2, user_id: 4, name: 'Ana', points: 1, me: false },
      ], me: { position: 1, user_id: 3, name: 'Lia Learner', points: 900, me: true } }],
    });
    const mine = await screen.findByText('Lia Learner (you)');
    expect(mine.closest('li')).toHaveAttribute('aria-current', 'true');
    // one point reads in the singular
    expect(screen.getByText('Ana').closest('li')).toHaveTextContent('1 point');
    expect(screen.getByText('Ana').closest('li')).not.toHaveTextContent('1 points');
    expect(screen.queryByText(/Your position/)).not.toBeInTheDocument();
  });

  it('pages the points statement', async () => {
    await open();
    const region = await screen.findByRole('region', { name: 'Points statement' });
    expect(await within(region).findAllByRole('row')).toHaveLength(11);
    expect(within(region).getByText('Total: 120 points')).toBeInTheDocument();
    expect(within(region).getAllByText('Course finished:', { exact: false })).toHaveLength(10);
    await userEvent.click(within(region).getByRole('button', { name: 'Load more' }));
    expect(await within(region).findByText('Store onboarding')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('points the next steps to the open surveys first (issue 20)', async () => {
    await open({ 'GET /home/': [200, dashboard({ open_surveys: [{ id: 4, title: 'Store climate', mandatory: true }] })] });
    const next = await screen.findByRole('region', { name: 'Next steps' });
    expect(within(next).getByRole('link', { name: 'Answer the survey: Store climate' })).toHaveAttribute('href', '/surveys/4');
    expect(within(next).getByText('Mandatory')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Safety basics' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    await open({
      'GET /home/': [200, dashboard({ next_steps: [], pending_trainings: [], pending_trails: [], finished_trainings: [], finished_trails: [], my_score: { points: 0, position: null } })],
      'GET /home/ranking/': [200, { results: [], me: null }],
      'GET /home/points/': [200, { count: 0, total: 0, results: [] }],
    });
    expect(await screen.findByText('All caught up! Nothing pending.')).toBeInTheDocument();
    expect(screen.getByText('Not ranked yet')).toBeInTheDocument();
    expect(screen.getByText('No pending courses.')).toBeInTheDocument();
    expect(screen.getByText('You have not finished any course or trail yet.')).toBeInTheDocument();
    expect(await screen.findByText('Nobody has scored yet.')).toBeInTheDocument();
    expect(await screen.findByText(/You have no points yet/)).toBeInTheDocument();
  });

  it('draws only the blocks the client shows, in its order, and asks nothing for the hidden ones (spec 1 §2.3 admin home)', async () => {
    const api = await open({
      'GET /home/': [200, { ...dashboard(), blocks: ['schedule', 'points_statement', 'next_steps'], ranking: undefined }],
    });
    await screen.findByRole('region', { name: 'Next steps' });
    const order = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(order.filter((id) => id !== 'home-account')).toEqual(['home-schedule', 'home-points', 'home-next']);
    for (const hidden of ['My score', 'Statistics', 'Pending courses', 'Pending trails', 'Finished', 'Ranking']) {
      expect(screen.queryByRole('region', { name: hidden })).not.toBeInTheDocument();
    }
    await within(screen.getByRole('region', { name: 'Points statement' })).findAllByRole('row');
    const asked = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).toContain('/api/home/points/');
    expect(asked).not.toContain('/api/home/ranking/');
    expect(asked.some((path) => path.startsWith('/api/feed'))).toBe(false);
  });
});
