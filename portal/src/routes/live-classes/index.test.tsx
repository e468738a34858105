import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { liveClassCard } from '../../test/live-class-fixtures.ts';

const lookups: Record<string, [number, unknown]> = {
  'GET /live_classes/tags/': [200, [{ id: 1, name: 'Sales' }, { id: 2, name: 'Leadership' }]],
  'GET /lookups/areas/': [200, [{ id: 4, name: 'Stores' }]],
  'GET /lookups/user_groups/': [200, []],
};

describe('live classes list (spec 1 §2.2 live_classes, spec 3 §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('shows each class with its date in the learner\'s zone, type, seats left or "No vacancy", and state', async () => {
    fakeApi({
      ...lookups,
      'GET /live_classes/': [200, { count: 3, results: [
        liveClassCard(),
        liveClassCard({ id: 8, title: 'Full class', vacancies: 0, sold_out: true, can_subscribe: false }),
        liveClassCard({ id: 9, title: 'Store planning 2027', live_class_type: 'closed', role: 'participant', maximum_participants: null, vacancies: null, can_subscribe: false, room_open: true }),
      ] }],
    });
    await renderWithApp(undefined, { path: '/live_classes', locale: 'en' });
    const open = await screen.findByRole('article', { name: 'Customer service that delights' });
    expect(within(open).getByRole('link', { name: 'Customer service that delights' })).toHaveAttribute('href', '/live_classes/7');
    expect(within(open).getByText('Open class')).toBeInTheDocument();
    expect(within(open).getByText('5 seats left')).toBeInTheDocument();
    expect(within(open).getByText('Coming up')).toBeInTheDocument();
    // 22:00 UTC in the test run's zone (UTC), MM-DD-YYYY in English
    expect(within(open).getByText('12-10-2026 22:00 (your time)')).toBeInTheDocument();
    const full = screen.getByRole('article', { name: 'Full class' });
    expect(within(full).getByText('No vacancy')).toBeInTheDocument();
    expect(within(full).queryByText(/seats? left/)).not.toBeInTheDocument();
    const closed = screen.getByRole('article', { name: 'Store planning 2027' });
    expect(within(closed).getByText('Closed class')).toBeInTheDocument();
    expect(within(closed).getByText('Invited')).toBeInTheDocument();
    expect(within(closed).getByText('Room open')).toBeInTheDocument();
    expect(screen.getByText('3 live classes')).toBeInTheDocument();
  });

  it('says one seat and one class in the singular, in pt-br (plural rules, issue #25 item 4)', async () => {
    fakeApi({ ...lookups, 'GET /live_classes/': [200, { count: 1, results: [liveClassCard({ vacancies: 1 })] }] });
    await renderWithApp(undefined, { path: '/live_classes' });
    const card = await screen.findByRole('article', { name: 'Customer service that delights' });
    expect(within(card).getByText('1 vaga restante')).toBeInTheDocument();
    expect(screen.getByText('1 aula ao vivo')).toBeInTheDocument();
  });

  it('sends the filters and keeps them for the list (back from a detail, the same filters apply)', async () => {
    const { fetchMock } = fakeApi({ ...lookups, 'GET /live_classes/': [200, { count: 1, results: [liveClassCard()] }] });
    const { unmount } = await renderWithApp(undefined, { path: '/live_classes', locale: 'en' });
    await screen.findByRole('article', { name: 'Customer service that delights' });
    await userEvent.click(document.querySelector('summary')!);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Leadership' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'With all the chosen tags' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/live_classes/?tags=2&all_tags=true&page=1&page_size=12'));
    expect(JSON.parse(sessionStorage.getItem('learning-filters:live_classes:3:1')!)).toMatchObject({ tags: [2], all_tags: true });

    unmount();
    fetchMock.mockClear();
    await renderWithApp(undefined, { path: '/live_classes', locale: 'en' });
    await screen.findByRole('article', { name: 'Customer service that delights' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/live_classes/?tags=2&all_tags=true&page=1&page_size=12');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('tells an empty list from an empty filter', async () => {
    fakeApi({ ...lookups, 'GET /live_classes/': [200, { count: 0, results: [] }] });
    await renderWithApp(undefined, { path: '/live_classes', locale: 'en' });
    expect(await screen.findByText('No live classes available at the moment')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'sales{enter}');
    expect(await screen.findByText('No live classes found with this filter')).toBeInTheDocument();
  });

  it('redirects /live-classes and /live-classes/{id} to the underscore forms', async () => {
    fakeApi({ ...lookups, 'GET /live_classes/': [200, { count: 0, results: [] }], 'GET /live_classes/7/': [404, { detail: 'Live class not found', code: 'live_class_not_found' }] });
    const list = await renderWithApp(undefined, { path: '/live-classes', locale: 'en' });
    await waitFor(() => expect(list.memory.history.at(-1)).toBe('/live_classes'));
    expect(await screen.findByRole('heading', { name: 'Live classes', level: 1 })).toBeInTheDocument();
    list.unmount();
    const detail = await renderWithApp(undefined, { path: '/live-classes/7', locale: 'en' });
    await waitFor(() => expect(detail.memory.history.at(-1)).toBe('/live_classes/7'));
    expect(await screen.findByText('Live class not found')).toBeInTheDocument();
  });
});
