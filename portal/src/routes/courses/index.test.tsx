import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LearnerTrainingCard } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';
import { courseCard } from '../../test/course-fixtures.ts';

const areas = [{ id: 1, name: 'Sales' }, { id: 2, name: 'Logistics' }];
const groups = [{ id: 5, name: 'New hires' }];
const page = (results: LearnerTrainingCard[], count = results.length) => ({ count, results });

/** The catalogue queries sent, as URLSearchParams (fakeApi keeps only the path). */
function catalogueQueries(fetchMock: { mock: { calls: unknown[][] } }): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/group_trainings/')
    .map((url) => url.searchParams);
}

function routes(list: (query: URLSearchParams) => [number, unknown], extra: Record<string, [number, unknown] | ((c: FakeCall) => [number, unknown])> = {}) {
  let lastQuery = new URLSearchParams();
  const api = fakeApi({
    'GET /lookups/areas/': [200, areas],
    'GET /lookups/user_groups/': [200, groups],
    'GET /group_trainings/': () => list(lastQuery),
    ...extra,
  });
  // fakeApi answers by path; the query of the call being answered is read from the mock
  const original = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    lastQuery = new URL(String(input), 'http://localhost').searchParams;
    return original(input, init);
  });
  return api;
}

describe('courses catalogue (spec 2 §2.1, spec 1 §2.2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('shows each training as a card: image, title, tags, workload, badges, progress, reactions', async () => {
    routes(() => [200, page([
      courseCard({ is_mandatory: true, certificate: { id: 3, status: 'valid', earned_in: '2026-11-01T10:00:00Z', expires_at: null }, likes: 4, stars_avg: 4.5, stars_count: 2 }),
    ])]);
    await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Fire safety' });
    expect(within(card).getByRole('img', { name: 'A fire extinguisher' })).toHaveAttribute('src', '/media/fire.jpg');
    expect(within(card).getByRole('link', { name: 'Fire safety' })).toHaveAttribute('href', '/courses/7');
    expect(within(card).getByText('Safety')).toBeInTheDocument();
    expect(within(card).getByText('Workload: 1.5 h')).toBeInTheDocument();
    expect(within(card).getByText('Mandatory')).toBeInTheDocument();
    expect(within(card).getByText('Certified')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).getByText(/In progress/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like Fire safety (4 likes)' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByText('Average 4.5 of 5 (2 ratings)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the filters, keeps them when the page is left and opened again', async () => {
    const { fetchMock } = routes(() => [200, page([courseCard()])]);
    const first = await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    await screen.findByRole('article', { name: 'Fire safety' });
    expect(catalogueQueries(fetchMock)[0]!.toString()).toBe('progress=all&favorite=all&page=1&page_size=12');

    await userEvent.selectOptions(screen.getByLabelText('Progress'), 'finished');
    await userEvent.selectOptions(screen.getByLabelText('Favorites'), 'favorites');
    await userEvent.click(screen.getByText((_, element) => element?.tagName === 'SUMMARY' && element.textContent === 'Areas: Choose'));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Logistics' }));
    await userEvent.type(screen.getByLabelText('Search'), 'fire');
    await waitFor(() => expect(catalogueQueries(fetchMock).at(-1)!.get('search')).toBe('fire'), { timeout: 2000 });
    const sent = catalogueQueries(fetchMock).at(-1)!;
    expect(sent.get('progress')).toBe('finished');
    expect(sent.get('favorite')).toBe('favorites');
    expect(sent.get('selected_areas')).toBe('2');
    expect(sent.get('page')).toBe('1');
    first.unmount();

    fetchMock.mockClear();
    await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    await screen.findByRole('article', { name: 'Fire safety' });
    expect(screen.getByLabelText('Search')).toHaveValue('fire');
    expect(screen.getByLabelText('Progress')).toHaveValue('finished');
    expect(screen.getByRole('list', { name: 'Areas' })).toHaveTextContent('Logistics');
    expect(catalogueQueries(fetchMock)[0]!.toString()).toBe('search=fire&progress=finished&favorite=favorites&selected_areas=2&page=1&page_size=12');
  });

  it('says there is nothing at the moment, or nothing with this filter', async () => {
    routes(() => [200, page([])]);
    const view = await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    expect(await screen.findByText('No trainings available at the moment')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Progress'), 'ongoing');
    expect(await screen.findByText('No trainings found with this filter')).toBeInTheDocument();
    view.unmount();
  });

  it('loads more pages until the count is reached', async () => {
    const many = Array.from({ length: 12 }, (_, i) => courseCard({ id: i + 1, title: `Training ${i + 1}` }));
    const { fetchMock } = routes((query) => [200, query.get('page') === '2' ? page([courseCard({ id: 13, title: 'Training 13' })], 13) : page(many, 13)]);
    await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Training 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(catalogueQueries(fetchMock).map((q) => q.get('page'))).toEqual(['1', '2']);
  });

  it('favourites, likes and rates from the card, keeping what the server answers', async () => {
    const { calls } = routes(() => [200, page([courseCard({ likes: 0 })])], {
      'POST /group_trainings/7/favorite/': [200, { favorite: true }],
      'POST /group_trainings/7/like/': [200, { liked: true, likes: 1 }],
      'POST /group_trainings/7/rate/': [200, { my_stars: 4, stars_avg: 4, stars_count: 1 }],
    });
    await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Fire safety' });
    await userEvent.click(within(card).getByRole('button', { name: 'Favorite Fire safety' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Favorite Fire safety' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(within(card).getByRole('button', { name: /^Like Fire safety/ }));
    // counts of one read in the singular (i18n `count` plural forms)
    expect(await within(card).findByRole('button', { name: 'Like Fire safety (1 like)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(card).getByRole('radio', { name: '4 stars' }));
    expect(await within(card).findByText('Average 4 of 5 (1 rating)')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: '4 stars' })).toBeChecked();
    const bodies = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => JSON.parse(c.body) as unknown);
    expect(bodies('/group_trainings/7/favorite/')).toEqual([{ favorite: true }]);
    expect(bodies('/group_trainings/7/like/')).toEqual([{ liked: true }]);
    expect(bodies('/group_trainings/7/rate/')).toEqual([{ stars: 4 }]);
  });

  it('undoes a refused reaction and says why', async () => {
    routes(() => [200, page([courseCard()])], { 'POST /group_trainings/7/favorite/': [404, { detail: 'x', code: 'not_found' }] });
    await renderWithApp(undefined, { path: '/courses', locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Fire safety' });
    await userEvent.click(within(card).getByRole('button', { name: 'Favorite Fire safety' }));
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Favorite Fire safety' })).toHaveAttribute('aria-pressed', 'false');
  });
});
