import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerWebcast, LearnerWebcastTest } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

// the video engine (video.js + hls.js) is the lazy chunk: stand in for it and see what it is given
const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('../../components/video-player/engine.ts', () => engine);
// the chat has its own tests (realtime socket); here only whether the page mounts it
vi.mock('../../components/webcast-chat/index.tsx', () => ({
  WebcastChat: ({ webcastId }: { webcastId: number }) => <div data-testid="webcast-chat">chat of {webcastId}</div>,
}));

const test = (extra: Partial<LearnerWebcastTest> = {}): LearnerWebcastTest => ({
  id: 31, title: 'Launch quiz', test_type: 'conventional', timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0,
  time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null, ...extra,
});

function webcast(extra: Partial<LearnerWebcast> = {}): LearnerWebcast {
  return {
    id: 5, title: 'Summer collection launch', image: null, image_alt_text: null, webcast_type: 2, status: 1, state: 'not_started',
    transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo', workload: 1, score: 50, tags: [], subscribed: false,
    description: '<p>Live with the product team</p>', embed: null, webcast_player_hls_playback_url: null, webcast_player_webrtc_playback_url: null, use_chat: true, chat_moderated: true,
    tests_available: false, tests: [], evaluation: null, materials: [], ...extra,
  };
}

function media() {
  const video = document.createElement('video');
  engine.mountVideo.mockImplementation(async (container: HTMLElement) => {
    container.append(video);
    return { media: video, dispose: vi.fn() };
  });
}

describe('webcast watch page (spec 2 §2.1)', () => {
  beforeEach(() => {
    engine.mountVideo.mockReset();
    loggedIn();
  });

  it('before the start: "The transmission has not yet started", no player, the chat, no tests; subscribing', async () => {
    let current = webcast();
    const { calls } = fakeApi({
      'GET /webcasts/5/': () => [200, current],
      'POST /webcasts/5/subscribe/': () => {
        current = { ...current, subscribed: true };
        return [200, { subscribed: true }];
      },
    });
    await renderWithApp(undefined, { path: '/webcasts/5', locale: 'en' });
    expect(await screen.findByText('The transmission has not yet started')).toBeInTheDocument();
    // spec 4 "Dates": in the webcast's own zone, MM-DD-YYYY HH:mm in English
    expect(screen.getByText('12-10-2026 19:00 (America/Sao_Paulo)', { exact: false })).toBeInTheDocument();
    expect(engine.mountVideo).not.toHaveBeenCalled();
    expect(await screen.findByTestId('webcast-chat')).toHaveTextContent('chat of 5');
    expect(screen.getByText('Tests and the evaluation open when the webinar ends.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
    expect(await screen.findByText('You are signed up for this webinar.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/webcasts/5/subscribe/')).toBe(true);
  });

  it('live: plays the HLS stream with the lazy player', async () => {
    media();
    fakeApi({ 'GET /webcasts/5/': [200, webcast({ state: 'live', webcast_player_hls_playback_url: 'http://localhost/media/webcasts/5/live/index.m3u8' })] });
    await renderWithApp(undefined, { path: '/webcasts/5', locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toMatchObject({ url: 'http://localhost/media/webcasts/5/live/index.m3u8', title: 'Summer collection launch', live: true });
    expect(screen.queryByText('The transmission has not yet started')).not.toBeInTheDocument();
  });

  it('live on a provider: frames its player; no chat without use_chat', async () => {
    fakeApi({ 'GET /webcasts/5/': [200, webcast({ webcast_type: 1, state: 'live', embed: 'https://www.youtube-nocookie.com/embed/abc', use_chat: false })] });
    await renderWithApp(undefined, { path: '/webcasts/5', locale: 'en' });
    const frame = await screen.findByTitle('Summer collection launch');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc');
    expect(screen.queryByTestId('webcast-chat')).not.toBeInTheDocument();
  });

  it('ended, video not ready: "Video conversion not completed. Try again in a few minutes."', async () => {
    fakeApi({ 'GET /webcasts/5/': [200, webcast({ status: 5, state: 'converting' })] });
    await renderWithApp(undefined, { path: '/webcasts/5', locale: 'en' });
    expect(await screen.findByText('Video conversion not completed. Try again in a few minutes.')).toBeInTheDocument();
    expect(engine.mountVideo).not.toHaveBeenCalled();
  });

  it('finished: the saved video, then the tests and the reaction evaluation', async () => {
    media();
    const { calls } = fakeApi({
      'GET /webcasts/5/': [200, webcast({
        status: 4, state: 'finished', webcast_player_hls_playback_url: 'http://localhost/media/webcasts/5/vod/index.m3u8', tests_available: true,
        tests: [test()],
        evaluation: { id: 8, title: 'Quick evaluation', answered: false, questions: [{ id: 80, title: 'How was it?', type: 'grade_0_10' }] },
      })],
      'POST /webcasts/5/evaluation/': [200, { id: 8, title: 'Quick evaluation', answered: true, questions: [] }],
    });
    await renderWithApp(undefined, { path: '/webcasts/5', locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toMatchObject({ url: 'http://localhost/media/webcasts/5/vod/index.m3u8' });
    // the recording is not live: it starts at its beginning, with the speed menu
    expect(engine.mountVideo.mock.calls[0]![1]).not.toHaveProperty('live');
    const tests = screen.getByRole('region', { name: 'Tests' });
    expect(within(tests).getByRole('link', { name: 'Launch quiz' })).toHaveAttribute('href', '/webcasts/5/tests/31');
    const evaluation = screen.getByRole('region', { name: 'Reaction evaluation' });
    await userEvent.click(within(evaluation).getByRole('radio', { name: '9' }));
    await userEvent.click(within(evaluation).getByRole('button', { name: /send|submit/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/webcasts/5/evaluation/')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === '/webcasts/5/evaluation/')!.body)).toEqual({ answers: [{ question_id: 80, grade: 9 }] });
  });

  it('answers "Webinar not found" for a webcast the learner may not see', async () => {
    fakeApi({});
    await renderWithApp(undefined, { path: '/webinars/99', locale: 'en' });
    expect(await screen.findByText('Webinar not found')).toBeInTheDocument();
  });
});

describe('webcast list (spec 2 §2.1 filters)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('lists the webcasts with their state and sends the filters, kept for the list', async () => {
    const { fetchMock } = fakeApi({
      'GET /webcasts/': [200, { count: 1, results: [webcast({ state: 'live' })] }],
      'GET /webcasts/tags/': [200, [{ id: 1, name: 'Product' }, { id: 2, name: 'Leadership' }]],
      'GET /lookups/areas/': [200, []],
      'GET /lookups/user_groups/': [200, []],
    });
    await renderWithApp(undefined, { path: '/webcasts', locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Summer collection launch' });
    expect(within(card).getByRole('link', { name: 'Summer collection launch' })).toHaveAttribute('href', '/webcasts/5');
    expect(within(card).getByText('Live')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'finished');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/webcasts/?progress=finished&page=1&page_size=12'));
    expect(JSON.parse(sessionStorage.getItem('learning-filters:webcasts:3:1')!).progress).toBe('finished');
  });

  it('tells an empty list from an empty filter', async () => {
    fakeApi({
      'GET /webcasts/': [200, { count: 0, results: [] }], 'GET /webcasts/tags/': [200, []],
      'GET /lookups/areas/': [200, []], 'GET /lookups/user_groups/': [200, []],
    });
    await renderWithApp(undefined, { path: '/webcasts', locale: 'en' });
    expect(await screen.findByText('No webinars available at the moment')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'not_started');
    expect(await screen.findByText('No webinars found with this filter')).toBeInTheDocument();
  });
});
