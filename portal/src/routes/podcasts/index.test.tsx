import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LearnerPlaylist, LearnerPodcastCard } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const card = (id: number, title: string, extra: Partial<LearnerPodcastCard> = {}): LearnerPodcastCard => ({
  id, title, description: '', image_url: null, duration: 75, tags: [{ id: 1, name: 'Vendas' }], status: 'ongoing', percent: 40,
  position_seconds: 30, favorite: false, liked: false, likes: 2, stars_avg: 0, stars_count: 0, my_stars: null, ...extra,
});
const playlist: LearnerPlaylist = { id: 9, title: 'Primeira semana', description: 'Para começar', total_duration: 150, podcasts: [card(1, 'Abertura'), card(2, 'Fechamento')] };

function podcastQueries(fetchMock: { mock: { calls: unknown[][] } }): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/podcasts/')
    .map((url) => url.searchParams);
}

function serve() {
  return fakeApi({
    'GET /lookups/areas/': [200, [{ id: 1, name: 'Vendas' }]],
    'GET /lookups/user_groups/': [200, []],
    'GET /podcasts/': [200, { count: 1, results: [card(1, 'Abertura')] }],
    'GET /podcasts/playlists/': [200, [playlist]],
  });
}

describe('podcasts list (spec 3 §2 podcasts; spec 1 §2.2 filters kept per list)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('shows each podcast with its duration and progress, linked to the player', async () => {
    serve();
    await renderWithApp(undefined, { path: '/podcasts' });
    const item = await screen.findByRole('article', { name: 'Abertura' });
    expect(within(item).getByRole('link', { name: 'Abertura' })).toHaveAttribute('href', '/podcasts/1');
    expect(within(item).getByText('Duração: 1:15')).toBeInTheDocument();
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('link', { name: 'Podcasts' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the progress and favourite filters of the podcasts list apart from the courses\'', async () => {
    const { fetchMock } = serve();
    const view = await renderWithApp(undefined, { path: '/podcasts' });
    await screen.findByRole('article', { name: 'Abertura' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Progresso' }), 'finished');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Favoritos' }), 'favorites');
    await waitFor(() => expect(Object.fromEntries(podcastQueries(fetchMock).at(-1)!)).toMatchObject({ progress: 'finished', favorite: 'favorites' }));
    view.unmount();
    const again = serve();
    await renderWithApp(undefined, { path: '/podcasts' });
    await screen.findByRole('article', { name: 'Abertura' });
    expect(Object.fromEntries(podcastQueries(again.fetchMock)[0]!)).toMatchObject({ progress: 'finished', favorite: 'favorites' });
    expect(sessionStorage.getItem('learning-filters:courses:3:1')).toBeNull();
  });

  it('lists the playlists with their podcasts in order, each opening the player inside the playlist', async () => {
    serve();
    await renderWithApp(undefined, { path: '/podcasts?view=playlists' });
    const list = await screen.findByRole('listitem', { name: 'Primeira semana' });
    expect(within(list).getByText('2 podcasts · 2:30')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Ouvir a playlist Primeira semana' })).toHaveAttribute('href', '/podcasts/1?playlist=9');
    expect(within(list).getAllByRole('link').slice(1).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Abertura', '/podcasts/1?playlist=9'], ['Fechamento', '/podcasts/2?playlist=9'],
    ]);
  });
});
