import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_VIEW_SECONDS } from '@lp/shared/rules';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';
import { moduleActivity } from '../../test/course-fixtures.ts';
import { ModulePlayer, type PlayableModule } from './index.tsx';

const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('../video-player/engine.ts', () => engine);
const pdfEngine = vi.hoisted(() => ({ openPdf: vi.fn() }));
vi.mock('../pdf-viewer/engine.ts', () => pdfEngine);

const PATH = '/group_trainings/7/modules/11/progress/';
const reportsOf = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.path === PATH).map((c) => JSON.parse(c.body) as Record<string, unknown>);
const ongoing = { status: 'ongoing', percent: 0, position_seconds: 0, training_status: 'ongoing' };

function serve() {
  return fakeApi({ [`POST ${PATH}`]: [200, ongoing] });
}
const module = (patch: Partial<PlayableModule>): PlayableModule => ({ ...moduleActivity().module!, ...patch });
const play = (kind: Partial<PlayableModule>, finished = false) => renderWithApp(
  <ModulePlayer trainingId={7} moduleId={11} title="Aula" module={module(kind)} finished={finished} />, { locale: 'en' },
);
/**
 * Waits for `check` to pass on the real clock: the view time's interval is faked here, and
 * testing-library's waitFor polls with an interval too.
 */
async function eventually(check: () => void, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
/** preact runs effects after the next frame (a 35 ms timer beside requestAnimationFrame) */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

/** A message from a frame's window, as the browser delivers it to the portal. */
const postFrom = (frame: HTMLIFrameElement, data: unknown, origin: string) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.contentWindow }));

describe('module player: nothing is done because it was opened (issue 24 item 3)', () => {
  beforeEach(() => {
    loggedIn();
    engine.mountVideo.mockReset();
    pdfEngine.openPdf.mockReset();
    // the view time is counted by an interval: the test moves it, the rest runs for real
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('an HTML package whose frame never loads is never opened nor done, whatever the time', async () => {
    const { calls } = serve();
    await play({ kind: 'html', resource_url: 'http://localhost:3001/m/pkg/index.html' });
    const frame = screen.getByTitle<HTMLIFrameElement>('Aula');
    // the frame's own load event is no proof of a package (an error page loads too)
    frame.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(5 * MIN_VIEW_SECONDS * 1000);
    await settle();
    expect(reportsOf(calls)).toEqual([]);
    expect(screen.queryByText(/This content is completed after/)).not.toBeInTheDocument();
  });

  it('an HTML package is opened when its page says it is shown, and done after the minimum time shown', async () => {
    const { calls } = serve();
    await play({ kind: 'html', resource_url: 'http://localhost:3001/m/pkg/index.html' });
    const frame = screen.getByTitle<HTMLIFrameElement>('Aula');
    // another window, another origin, another shape: not the package
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'lp-package', kind: 'loaded' }, origin: 'null', source: window }));
    postFrom(frame, { type: 'lp-package', kind: 'loaded' }, 'http://evil.test');
    postFrom(frame, { type: 'lp-package', kind: 'shown' }, 'null');
    expect(reportsOf(calls)).toEqual([]);

    postFrom(frame, { type: 'lp-package', kind: 'loaded' }, 'null');
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }]));
    await eventually(() => expect(screen.getByText(`This content is completed after ${MIN_VIEW_SECONDS} seconds open on the screen.`)).toBeInTheDocument());
    await settle();
    vi.advanceTimersByTime((MIN_VIEW_SECONDS - 1) * 1000);
    await settle();
    expect(reportsOf(calls)).toEqual([{ event: 'opened' }]);
    vi.advanceTimersByTime(1000);
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }, { event: 'completed', by: 'time' }]));
    // once is enough
    vi.advanceTimersByTime(5 * MIN_VIEW_SECONDS * 1000);
    postFrom(frame, { type: 'lp-package', kind: 'completed' }, 'null');
    await settle();
    expect(reportsOf(calls)).toHaveLength(2);
  });

  it('an HTML package that reports its completion is done then', async () => {
    const { calls } = serve();
    await play({ kind: 'html', resource_url: 'http://localhost:3001/m/pkg/index.html' });
    const frame = screen.getByTitle<HTMLIFrameElement>('Aula');
    postFrom(frame, { type: 'lp-package', kind: 'loaded' }, 'null');
    postFrom(frame, { type: 'lp-package', kind: 'completed' }, 'null');
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }, { event: 'completed', by: 'package' }]));
  });

  it('a video reports nothing before it loads, then the stretches really played', async () => {
    const media = document.createElement('video');
    const state = { currentTime: 0, paused: true, ended: false, readyState: 0, seeking: false };
    for (const key of ['currentTime', 'paused', 'ended', 'readyState', 'seeking'] as const) {
      Object.defineProperty(media, key, { get: () => state[key], set: (v: never) => { state[key] = v; } });
    }
    Object.defineProperty(media, 'duration', { get: () => 120 });
    engine.mountVideo.mockImplementation(async (container: HTMLElement) => {
      container.append(media);
      return { media, dispose: vi.fn() };
    });
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const { calls } = serve();
    await play({ kind: 'video', resource_url: '/media/intro.mp4' });
    await eventually(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    await settle();
    expect(reportsOf(calls)).toEqual([]);

    state.readyState = 1;
    media.dispatchEvent(new Event('loadedmetadata'));
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }]));
    state.paused = false;
    media.dispatchEvent(new Event('playing'));
    for (let i = 0; i < 20; i += 1) {
      clock += 250;
      state.currentTime += 0.25;
      media.dispatchEvent(new Event('timeupdate'));
    }
    // a seek ahead, then a little more playing
    media.dispatchEvent(new Event('seeking'));
    state.currentTime = 100;
    media.dispatchEvent(new Event('seeked'));
    for (let i = 0; i < 8; i += 1) {
      clock += 250;
      state.currentTime += 0.25;
      media.dispatchEvent(new Event('timeupdate'));
    }
    state.paused = true;
    media.dispatchEvent(new Event('pause'));
    await eventually(() => expect(reportsOf(calls)).toEqual([
      { event: 'opened' }, { event: 'played', played: [[0, 5], [100, 102]], duration: 120, position_seconds: 102 },
    ]));
  });

  it('a video that fails to load reports nothing', async () => {
    engine.mountVideo.mockRejectedValue(new Error('network'));
    const { calls } = serve();
    await play({ kind: 'video', resource_url: '/media/missing.mp4' });
    await eventually(() => expect(screen.getByText(/could not be played|Could not play/i)).toBeInTheDocument());
    expect(reportsOf(calls)).toEqual([]);
  });

  it('a PDF reports its opening and each page shown; done on the last, by the server', async () => {
    const render = vi.fn(async () => undefined);
    pdfEngine.openPdf.mockResolvedValue({ pages: 3, render, close: vi.fn() });
    const { calls } = serve();
    await play({ kind: 'pdf', resource_url: '/media/handbook.pdf' });
    await eventually(() => expect(screen.getByText('Page 1 of 3')).toBeInTheDocument());
    expect(pdfEngine.openPdf).toHaveBeenCalledWith('/media/handbook.pdf');
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }, { event: 'page', page: 1, pages: 3 }]));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await eventually(() => expect(reportsOf(calls).slice(2)).toEqual([{ event: 'page', page: 2, pages: 3 }, { event: 'page', page: 3, pages: 3 }]));
    expect(render).toHaveBeenLastCalledWith(3, expect.any(HTMLCanvasElement), expect.any(Number));
    expect(screen.getByRole('img', { name: 'Aula, page 3 of 3' })).toBeInTheDocument();
  });

  it('a PDF that cannot be opened offers the file and reports nothing', async () => {
    pdfEngine.openPdf.mockRejectedValue(new Error('bad pdf'));
    const { calls } = serve();
    await play({ kind: 'pdf', resource_url: '/media/handbook.pdf' });
    await eventually(() => expect(screen.getByText(/PDF not supported by browser/)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', '/media/handbook.pdf');
    expect(reportsOf(calls)).toEqual([]);
  });

  it("a YouTube embed asks its player for events; when it answers, what is played counts, not the time", async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const { calls } = serve();
    await play({ kind: 'youtube', resource_url: null, embed_url: 'https://www.youtube-nocookie.com/embed/abc123' });
    const frame = screen.getByTitle<HTMLIFrameElement>('Aula');
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(src.searchParams.get('enablejsapi')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    const sent = vi.spyOn(frame.contentWindow!, 'postMessage');
    frame.dispatchEvent(new Event('load'));
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }]));
    await eventually(() => expect(sent).toHaveBeenCalledWith(JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }), 'https://www.youtube-nocookie.com'));

    const youtube = 'https://www.youtube-nocookie.com';
    postFrom(frame, JSON.stringify({ event: 'initialDelivery', info: { duration: 60, currentTime: 0, playerState: -1 } }), youtube);
    postFrom(frame, JSON.stringify({ event: 'infoDelivery', info: { playerState: 1, currentTime: 0 } }), youtube);
    for (let second = 1; second <= 10; second += 1) {
      clock = second * 1000;
      postFrom(frame, JSON.stringify({ event: 'infoDelivery', info: { currentTime: second } }), youtube);
    }
    postFrom(frame, JSON.stringify({ event: 'infoDelivery', info: { playerState: 2, currentTime: 10 } }), youtube);
    await eventually(() => expect(reportsOf(calls)).toEqual([
      { event: 'opened' }, { event: 'played', played: [[0, 10]], duration: 60, position_seconds: 10 },
    ]));
    // its player speaks: no time-based completion
    vi.advanceTimersByTime(5 * MIN_VIEW_SECONDS * 1000);
    await settle();
    expect(reportsOf(calls).slice(2)).toEqual([]);
  });

  it('a SlideShare embed, whose provider tells nothing, is done after the minimum time shown since it loaded', async () => {
    const { calls } = serve();
    await play({ kind: 'slideshare', resource_url: null, embed_url: 'https://www.slideshare.net/slideshow/embed_code/key/abc' });
    vi.advanceTimersByTime(2 * MIN_VIEW_SECONDS * 1000);
    expect(reportsOf(calls)).toEqual([]);
    screen.getByTitle('Aula').dispatchEvent(new Event('load'));
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }]));
    await settle();
    vi.advanceTimersByTime(MIN_VIEW_SECONDS * 1000);
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }, { event: 'completed', by: 'time' }]));
  });

  it('a module already done counts no time again', async () => {
    const { calls } = serve();
    await play({ kind: 'slideshare', resource_url: null, embed_url: 'https://www.slideshare.net/slideshow/embed_code/key/abc' }, true);
    screen.getByTitle('Aula').dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2 * MIN_VIEW_SECONDS * 1000);
    await eventually(() => expect(reportsOf(calls)).toEqual([{ event: 'opened' }]));
    await settle();
    expect(reportsOf(calls)).toHaveLength(1);
  });
});
