import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerPlaylist, LearnerPodcast, LearnerPodcastCard } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';

const card = (id: number, title: string, extra: Partial<LearnerPodcastCard> = {}): LearnerPodcastCard => ({
  id, title, description: '', image_url: null, duration: 100, tags: [], status: 'not_started', percent: 0, position_seconds: 0,
  favorite: false, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null, ...extra,
});
const detail = (c: LearnerPodcastCard, extra: Partial<LearnerPodcast> = {}): LearnerPodcast => ({
  ...c, audio_url: `/media/podcasts/audios/${c.id}.mp3`, can_comment: false, published_at: '2026-11-20T10:00:00Z', ...extra,
});

const first = card(1, 'Abertura', { status: 'ongoing', percent: 30, position_seconds: 30 });
const second = card(2, 'Vendas de inverno');
const playlist: LearnerPlaylist = { id: 9, title: 'Primeira semana', description: '', total_duration: 200, podcasts: [first, second] };

const posts = (calls: FakeCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => JSON.parse(c.body || '{}') as unknown);

function serve(overrides: { first?: Partial<LearnerPodcast>; progress?: (c: FakeCall) => [number, unknown] } = {}) {
  const empty: [number, unknown] = [200, { count: 0, results: [] }];
  return fakeApi({
    'GET /podcasts/1/': [200, detail(first, overrides.first)],
    'GET /podcasts/2/': [200, detail(second)],
    'GET /podcasts/playlists/': [200, [playlist]],
    'GET /podcasts/1/comments/': empty,
    'GET /podcasts/2/comments/': empty,
    'POST /podcasts/1/progress/': overrides.progress ?? (() => [200, { status: 'ongoing', percent: 45, position_seconds: 45, can_comment: false }]),
    'POST /podcasts/2/progress/': [200, { status: 'ongoing', percent: 1, position_seconds: 1, can_comment: false }],
  });
}

/** The page's <audio>, made controllable: jsdom plays nothing, the test sets position and duration. */
async function audioOf(title: string) {
  const media = await screen.findByLabelText(title, { selector: 'audio' }) as HTMLAudioElement;
  const state = { currentTime: 0, ended: false, paused: true };
  Object.defineProperty(media, 'currentTime', { configurable: true, get: () => state.currentTime, set: (v: number) => { state.currentTime = v; } });
  Object.defineProperty(media, 'duration', { configurable: true, get: () => 100 });
  Object.defineProperty(media, 'ended', { configurable: true, get: () => state.ended });
  Object.defineProperty(media, 'paused', { configurable: true, get: () => state.paused });
  return { media, state };
}

describe('podcast player page (spec 3 §2 podcasts, §3 player state, §4)', () => {
  beforeEach(() => {
    loggedIn();
    // jsdom has no media playback: playing is the test's to signal
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('resumes where the learner stopped and reports the listened position about every 10 s and on pause', async () => {
    const { calls } = serve();
    await renderWithApp(undefined, { path: '/podcasts/1' });
    const { media, state } = await audioOf('Abertura');
    media.dispatchEvent(new Event('loadedmetadata'));
    expect(state.currentTime).toBe(30);

    vi.useFakeTimers();
    state.paused = false;
    act(() => { media.dispatchEvent(new Event('play')); });
    state.currentTime = 41;
    act(() => { vi.advanceTimersByTime(10_000); });
    state.currentTime = 52;
    act(() => { vi.advanceTimersByTime(10_000); });
    vi.useRealTimers();
    state.paused = true;
    state.currentTime = 55;
    act(() => { media.dispatchEvent(new Event('pause')); });
    await waitFor(() => expect(posts(calls, '/podcasts/1/progress/')).toEqual([
      { position_seconds: 41, ended: false }, { position_seconds: 52, ended: false }, { position_seconds: 55, ended: false },
    ]));
    expect(await screen.findByText(/^Parado/)).toBeInTheDocument();
  });

  it('plays the playlist: next and previous, and the next audio when one ends (reported as ended)', async () => {
    const { calls } = serve();
    const { memory } = await renderWithApp(undefined, { path: '/podcasts/1?playlist=9' });
    expect(await screen.findByRole('heading', { name: 'Playlist: Primeira semana' })).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Anterior' });
    expect(previous).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/podcasts/2?playlist=9'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendas de inverno' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/podcasts/1?playlist=9'));
    const { media, state } = await audioOf('Abertura');
    // the page's effects settle (a browser's next frame) before an audio can end
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); });
    state.currentTime = 100;
    state.ended = true;
    act(() => { media.dispatchEvent(new Event('ended')); });
    await waitFor(() => expect(posts(calls, '/podcasts/1/progress/')).toContainEqual({ position_seconds: 100, ended: true }));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/podcasts/2?playlist=9'));
  });

  it('offers the comment once the audio was heard (the server\'s can_comment)', async () => {
    serve({ progress: () => [200, { status: 'finished', percent: 100, position_seconds: 0, can_comment: true }] });
    await renderWithApp(undefined, { path: '/podcasts/1' });
    expect(await screen.findByText('Ouça o podcast até o fim para comentar.')).toBeInTheDocument();
    const { media, state } = await audioOf('Abertura');
    state.currentTime = 100;
    state.ended = true;
    act(() => { media.dispatchEvent(new Event('ended')); });
    expect(await screen.findByRole('button', { name: 'Publicar comentário' })).toBeInTheDocument();
  });

  it('says "Podcast not found" for a podcast the learner may not hear', async () => {
    fakeApi({ 'GET /podcasts/5/': [404, { detail: 'Podcast not found', code: 'podcast_not_found' }] });
    await renderWithApp(undefined, { path: '/podcasts/5', locale: 'en' });
    expect(await screen.findByText('Podcast not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to podcasts' })).toHaveAttribute('href', '/podcasts');
  });
});
