import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LearnerActivity } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { postedBodies as posts, serveTraining as serve } from '../../test/course-api.ts';
import { courseDetail, moduleActivity } from '../../test/course-fixtures.ts';

// the video engine (video.js + hls.js) is the lazy chunk: stand in for it and see when it is asked for
const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('../../components/video-player/engine.ts', () => engine);
// pdf.js too
const pdfEngine = vi.hoisted(() => ({ openPdf: vi.fn() }));
vi.mock('../../components/pdf-viewer/engine.ts', () => pdfEngine);

/** A <video>/<audio> whose position, state and duration the test sets (jsdom plays nothing); playFor plays it in real time. */
function controllableMedia(tag: 'video' | 'audio', duration = 100) {
  const media = document.createElement(tag);
  const state = { currentTime: 0, ended: false, paused: true };
  for (const key of ['currentTime', 'ended', 'paused'] as const) {
    Object.defineProperty(media, key, { get: () => state[key], set: (v: never) => { state[key] = v; } });
  }
  Object.defineProperty(media, 'duration', { get: () => duration });
  Object.defineProperty(media, 'readyState', { get: () => 1 });
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const playFor = (seconds: number) => {
    state.paused = false;
    media.dispatchEvent(new Event('playing'));
    for (let i = 0; i < seconds * 4; i += 1) {
      clock += 250;
      state.currentTime += 0.25;
      media.dispatchEvent(new Event('timeupdate'));
    }
    state.paused = true;
  };
  return { media, state, playFor };
}

// jsdom cannot follow links; a download link is clicked for its side effects only
const stopNavigation = (event: Event) => {
  if ((event.target as Element | null)?.closest?.('a[download]')) event.preventDefault();
};

// the page is a lazy chunk: transform it once before the first test's findBy* clock starts (slow on a loaded machine)
beforeAll(() => import('./index.tsx'), 60_000);

describe('training detail and player (spec 2 §2.1)', () => {
  beforeEach(() => {
    loggedIn();
    engine.mountVideo.mockReset();
    document.addEventListener('click', stopNavigation, true);
  });
  afterEach(() => document.removeEventListener('click', stopNavigation, true));

  it('shows the training, its description made safe, and the activities in order with their locks in words', async () => {
    serve(courseDetail([
      moduleActivity({ status: 'finished' }),
      moduleActivity({ id: 12, title: 'Handbook', order: 2, available: false, lock_reason: 'prerequisite', prerequisite: { type: 'module', id: 11, title: 'Intro video' } }, { kind: 'pdf' }),
      moduleActivity({ id: 13, title: 'Drill', order: 3, available: false, lock_reason: 'not_yet_available', available_in: '2026-12-24' }, { kind: 'audio' }),
      { ...moduleActivity({ type: 'test', id: 21, title: 'Final test', order: 4, available: false, lock_reason: 'not_yet_available', available_in: '2026-12-31', module: null }),
        test: { test_type: 'conventional', timed: false, qty_questions: 5, maximum_attempts: null, attempts_used: 0, time_to_answer: '00:20:00', minimum_score: 3, best_correct: null, passed: false, open_attempt_id: null } },
    ], { workload: 2, is_mandatory: true }));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire safety' })).toBeInTheDocument();
    expect(screen.getByText('Mandatory')).toBeInTheDocument();
    expect(screen.getByText('prevent').tagName).toBe('STRONG');
    expect(document.querySelector('.course-description script')).toBeNull();
    const list = document.querySelector('.activities')!;
    const rows = Array.from(list.children).map((li) => li.textContent);
    expect(rows[0]).toContain('Intro video');
    expect(rows[0]).toContain('Finished');
    expect(within(list as HTMLElement).getByRole('button', { name: 'Review Intro video' })).toBeInTheDocument();
    expect(rows[1]).toContain('Complete “Intro video” first');
    expect(rows[2]).toContain('Available from 12-24-2026');
    expect(rows[3]).toContain('Test not yet available, please wait (available from 12-31-2026)');
    expect(rows[3]).toContain('5 questions · Attempts: 0 (no limit) · Pass mark: 3 correct answers · Time limit: 20 min');
    expect(within(list as HTMLElement).queryByRole('button', { name: /Handbook/ })).not.toBeInTheDocument();
  });

  it('dates follow the language (DD/MM/YYYY in pt-br) and a blocked learner is told so', async () => {
    serve(courseDetail([
      moduleActivity({ available: false, lock_reason: 'not_yet_available', available_in: '2026-12-24' }),
      moduleActivity({ id: 12, title: 'Handbook', available: false, lock_reason: 'blocked' }, { kind: 'pdf' }),
    ]));
    await renderWithApp(undefined, { path: '/courses/7' });
    expect(await screen.findByText('Disponível a partir de 24/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Você está bloqueado neste treinamento')).toBeInTheDocument();
  });

  it('links a test to the test-taking page: start, resume, retake, none left', async () => {
    type Test = NonNullable<LearnerActivity['test']>;
    const test: Test = { test_type: 'block', timed: false, qty_questions: 2, maximum_attempts: 2, attempts_used: 0, time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null };
    const activity = (id: number, patch: Partial<Test>): LearnerActivity => ({ ...moduleActivity({ type: 'test', id, title: `Test ${id}`, module: null }), test: { ...test, ...patch } });
    serve(courseDetail([
      activity(21, {}), activity(22, { open_attempt_id: 5, attempts_used: 1 }), activity(23, { attempts_used: 1 }), activity(24, { attempts_used: 2 }),
    ]));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Start test Test 21' })).toHaveAttribute('href', '/courses/7/tests/21');
    expect(screen.getByRole('link', { name: 'Resume test Test 22' })).toHaveAttribute('href', '/courses/7/tests/22');
    expect(screen.getByRole('link', { name: 'Retake test Test 23' })).toHaveAttribute('href', '/courses/7/tests/23');
    expect(screen.queryByRole('link', { name: /Test 24/ })).not.toBeInTheDocument();
    expect(screen.getByText('No attempts left')).toBeInTheDocument();
  });

  it('links a game to its page: play, or play again once won or skipped (spec 3 §4), none while locked', async () => {
    const game = (id: number, patch: Partial<LearnerActivity>): LearnerActivity => moduleActivity({ type: 'game', id, title: `Game ${id}`, module: null, ...patch });
    serve(courseDetail([
      game(31, {}), game(32, { status: 'finished' }), game(33, { available: false, lock_reason: 'prerequisite', prerequisite: { type: 'game', id: 31, title: 'Game 31' } }),
    ]));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Play Game 31' })).toHaveAttribute('href', '/courses/7/games/31');
    expect(screen.getByRole('link', { name: 'Play Game 32 again' })).toHaveAttribute('href', '/courses/7/games/32');
    expect(screen.queryByRole('link', { name: /Game 33/ })).not.toBeInTheDocument();
  });

  it('opens by the public link the editor copies, {host}/online-courses/{id} (spec 2 §2.1)', async () => {
    serve(courseDetail([moduleActivity()]));
    await renderWithApp(undefined, { path: '/online-courses/7', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire safety' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Courses · /);
  });

  it('says "Training not found" on a 404, with the way back; inside a trail the way back leads to the trail', async () => {
    fakeApi({ 'GET /group_trainings/7/': [404, { detail: 'Not found', code: 'not_found' }] });
    const view = await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByText('Training not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
    view.unmount();
    serve(courseDetail());
    await renderWithApp(undefined, { path: '/trails/3/course/7', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Back to the trail' })).toHaveAttribute('href', '/trails/3');
    expect(screen.getByRole('heading', { level: 1, name: 'Fire safety' })).toBeInTheDocument();
  });

  it('loads the video engine only when a video is opened, resumes it and reports what is played', async () => {
    const { media, state, playFor } = controllableMedia('video', 200);
    const dispose = vi.fn();
    engine.mountVideo.mockImplementation(async (container: HTMLElement) => {
      container.append(media);
      return { media, dispose };
    });
    const { calls } = serve(courseDetail([moduleActivity({ status: 'ongoing' }, { percent: 20, position_seconds: 40 })]));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    const open = await screen.findByRole('button', { name: 'Continue Intro video' });
    expect(engine.mountVideo).not.toHaveBeenCalled();
    await userEvent.click(open);
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toMatchObject({ url: '/media/intro.mp4', title: 'Intro video', locale: 'en' });
    await waitFor(() => expect(state.currentTime).toBe(40));
    expect(screen.getByRole('heading', { level: 2, name: 'Intro video' })).toHaveFocus();

    playFor(5);
    media.dispatchEvent(new Event('pause'));
    await waitFor(() => expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([
      { event: 'opened' }, { event: 'played', played: [[40, 45]], duration: 200, position_seconds: 45 },
    ]));
    // the module's new percent shows in the list without asking for the training again
    expect(await screen.findByText('10% complete')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/group_trainings/7/')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dispose).toHaveBeenCalled();
  });

  it('refreshes the training when a report changes the module: opened, then finished by what was played', async () => {
    let status: 'not_started' | 'ongoing' | 'finished' = 'not_started';
    const { calls } = serve(() => courseDetail([moduleActivity({ status }, { kind: 'audio', resource_url: '/media/a.mp3' })]), {
      'POST /group_trainings/7/modules/11/progress/': (call) => {
        status = (JSON.parse(call.body) as { event: string }).event === 'opened' ? 'ongoing' : 'finished';
        return [200, { status, percent: status === 'finished' ? 100 : 0, position_seconds: 0, training_status: status === 'finished' ? 'finished' : 'ongoing' }];
      },
    });
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Intro video' }));
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    const audio = document.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/media/a.mp3');
    const media = { currentTime: 0, paused: true, ended: false };
    for (const key of ['currentTime', 'paused', 'ended'] as const) Object.defineProperty(audio, key, { get: () => media[key], set: (v: never) => { media[key] = v; } });
    Object.defineProperty(audio, 'duration', { get: () => 10 });
    // nothing before the audio's metadata: a file that never loads is never opened
    expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([]);
    audio.dispatchEvent(new Event('loadedmetadata'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/group_trainings/7/')).toHaveLength(2));
    media.paused = false;
    audio.dispatchEvent(new Event('playing'));
    for (let i = 0; i < 40; i += 1) {
      clock += 250;
      media.currentTime += 0.25;
      audio.dispatchEvent(new Event('timeupdate'));
    }
    media.ended = true;
    media.paused = true;
    audio.dispatchEvent(new Event('ended'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/group_trainings/7/')).toHaveLength(3));
    expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([
      { event: 'opened' }, { event: 'played', played: [[0, 10]], duration: 10, position_seconds: 10 },
    ]);
    expect(await screen.findByRole('button', { name: 'Review Intro video' })).toBeInTheDocument();
    expect(engine.mountVideo).not.toHaveBeenCalled();
  });

  it('PDF: shown page by page, each page reported; one that cannot be shown offers its download and reports nothing', async () => {
    pdfEngine.openPdf.mockResolvedValue({ pages: 2, render: vi.fn(async () => undefined), close: vi.fn() });
    const { calls } = serve(courseDetail([moduleActivity({ title: 'Handbook' }, { kind: 'pdf', resource_url: '/media/handbook.pdf' })]));
    const view = await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Handbook' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', '/media/handbook.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([
      { event: 'opened' }, { event: 'page', page: 1, pages: 2 }, { event: 'page', page: 2, pages: 2 },
    ]));
    view.unmount();

    pdfEngine.openPdf.mockRejectedValue(new Error('no PDF here'));
    const failed = serve(courseDetail([moduleActivity({ title: 'Handbook' }, { kind: 'pdf', resource_url: '/media/handbook.pdf' })]));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir Handbook' }));
    expect(await screen.findByText(/PDF non pris en charge par le navigateur/)).toBeInTheDocument();
    expect(posts(failed.calls, '/group_trainings/7/modules/11/progress/')).toEqual([]);
  });

  it('HTML zip in a sandbox without allow-same-origin and embeds in a frame, none done by opening; files done when downloaded', async () => {
    const { calls } = serve(courseDetail([
      moduleActivity({ title: 'Package' }, { kind: 'html', resource_url: '/media/pkg/index.html' }),
      moduleActivity({ id: 12, title: 'Clip' }, { kind: 'youtube', resource_url: null, embed_url: 'https://www.youtube-nocookie.com/embed/abc123' }),
      moduleActivity({ id: 13, title: 'Slides' }, { kind: 'powerpoint', resource_url: '/media/slides.pptx' }),
    ]), {
      'POST /group_trainings/7/modules/12/progress/': [200, { status: 'ongoing', percent: 0, position_seconds: 0, training_status: 'ongoing' }],
      'POST /group_trainings/7/modules/13/progress/': [200, { status: 'finished', percent: 100, position_seconds: 0, training_status: 'ongoing' }],
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Package' }));
    const html = await screen.findByTitle('Package');
    expect(html.tagName).toBe('IFRAME');
    expect(html).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals allow-downloads');
    expect(html.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(html).toHaveAttribute('src', '/media/pkg/index.html');

    await userEvent.click(screen.getByRole('button', { name: 'Open Clip' }));
    const clip = await screen.findByTitle('Clip');
    expect(clip.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?enablejsapi=1&origin=/);
    expect(clip).not.toHaveAttribute('sandbox');
    clip.dispatchEvent(new Event('load'));

    await userEvent.click(screen.getByRole('button', { name: 'Open Slides' }));
    expect(posts(calls, '/group_trainings/7/modules/13/progress/')).toEqual([]);
    await userEvent.click(await screen.findByRole('link', { name: 'Download the presentation' }));
    await waitFor(() => expect(posts(calls, '/group_trainings/7/modules/13/progress/')).toEqual([{ event: 'opened' }, { event: 'completed', by: 'download' }]));
    // the package never said it was shown; the clip's frame loaded, which opens it and nothing more
    expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([]);
    expect(posts(calls, '/group_trainings/7/modules/12/progress/')).toEqual([{ event: 'opened' }]);
  });

  it('SCORM: frames the launch page in a sandbox and saves what the package posts to PUT …/scorm/', async () => {
    const launch = 'http://localhost:3001/m/grant.sig/index.html';
    const { calls } = serve(courseDetail([moduleActivity({ title: 'Lesson' }, { kind: 'scorm', resource_url: 'http://localhost:3001/m/x.y/index.html', scorm_version: '1.2' })]), {
      'GET /group_trainings/7/modules/11/scorm/': [200, { version: '1.2', launch_url: launch, cmi: { core: { lesson_location: 'p4' } } }],
      'PUT /group_trainings/7/modules/11/scorm/': [204, null],
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Lesson' }));
    const frame = await screen.findByTitle<HTMLIFrameElement>('Lesson');
    expect(frame).toHaveAttribute('src', launch);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals allow-downloads');
    // the package's runtime lives in its own window now: nothing is put on the portal's
    expect('API' in window).toBe(false);
    const post = (kind: string, cmi: object) =>
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'lp-scorm', kind, cmi }, origin: 'null', source: frame.contentWindow }));
    post('initialize', { core: { lesson_location: 'p4' } });
    post('commit', { core: { lesson_status: 'completed', lesson_location: 'p4' } });
    await waitFor(() => expect(posts(calls, '/group_trainings/7/modules/11/scorm/')).toHaveLength(1));
    // the runtime's start opened the module on the server, before its first commit
    expect(posts(calls, '/group_trainings/7/modules/11/progress/')).toEqual([{ event: 'opened' }]);
    const order = calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/group_trainings/7/modules/11/')).map((c) => c.path);
    expect(order.slice(0, 2)).toEqual(['/group_trainings/7/modules/11/progress/', '/group_trainings/7/modules/11/scorm/']);
    expect(posts(calls, '/group_trainings/7/modules/11/scorm/')[0]).toEqual({ cmi: { core: { lesson_status: 'completed', lesson_location: 'p4' } } });
    post('state', { core: { lesson_status: 'completed', lesson_location: 'p5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    // leaving mid-session saves what the package left
    await waitFor(() => expect(posts(calls, '/group_trainings/7/modules/11/scorm/')).toHaveLength(2));
    expect(posts(calls, '/group_trainings/7/modules/11/scorm/')[1]).toEqual({ cmi: { core: { lesson_status: 'completed', lesson_location: 'p5' } } });
  });

  it('shows the certificate and downloads its PDF; an expired one is renewed by retaking; open trainings never certify', async () => {
    // jsdom has no object URLs; the download saves the fetched PDF through one
    const createObjectURL = vi.fn(() => 'blob:certificate');
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => void Object.assign(URL, saved));
    const { calls } = serve(courseDetail([], {
      status: 'finished', percent: 100, completed_at: '2026-11-01T10:00:00Z',
      certificate: { id: 3, status: 'valid', earned_in: '2026-11-01T10:00:00Z', expires_at: '2027-11-01T10:00:00Z' },
    }), { 'GET /certificates/3/pdf/': [200, {}] });
    const view = await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByText(/issued on 11-01-2026 · valid until 11-01-2027/)).toBeInTheDocument();
    expect(screen.getByText('You finished this training on 11-01-2026.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    expect(calls.some((c) => c.path === '/certificates/3/pdf/')).toBe(true);
    view.unmount();

    serve(courseDetail([], { status: 'expired', certificate: { id: 3, status: 'expired', earned_in: '2025-01-01', expires_at: '2026-01-01' } }));
    const expired = await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByText(/restart the training and finish it again to renew it/)).toBeInTheDocument();
    expect(screen.getByText(/expired on 01-01-2026/)).toBeInTheDocument();
    expired.unmount();

    serve(courseDetail([], { is_open: true }));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByText('This training is open and does not issue a certificate.')).toBeInTheDocument();
  });

  it('shows the training forum where the client has it on', async () => {
    serve(courseDetail([], { forum_enabled: true }), { 'GET /group_trainings/7/forum/topics/': [200, { count: 0, results: [] }] });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    const forum = await screen.findByRole('region', { name: 'Forum' });
    expect(await within(forum).findByRole('button', { name: 'New topic' })).toBeInTheDocument();
  });

  it('lists the support materials with download links', async () => {
    serve(courseDetail([moduleActivity()], { materials: [{ id: 1, title: 'Checklist', extension: 'pdf', size: 2_621_440, resource_url: '/media/checklist.pdf' }] }));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    const link = await screen.findByRole('link', { name: 'Checklist' });
    expect(link).toHaveAttribute('href', '/media/checklist.pdf');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText('(PDF, 2.5 MB)')).toBeInTheDocument();
  });
});
