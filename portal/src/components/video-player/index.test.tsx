import { waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { VideoPlayer } from './index.tsx';

const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('./engine.ts', () => engine);
const webrtc = vi.hoisted(() => ({ mountWebrtc: vi.fn() }));
vi.mock('./webrtcPlayback.ts', () => webrtc);

function fakeMedia() {
  const media = document.createElement('video');
  let time = 0;
  Object.defineProperty(media, 'currentTime', { get: () => time, set: (v: number) => { time = v; } });
  Object.defineProperty(media, 'duration', { get: () => 300 });
  return media;
}

describe('video player', () => {
  beforeEach(() => {
    engine.mountVideo.mockReset();
    webrtc.mountWebrtc.mockReset();
    // the page's browser has WebRTC (jsdom has none)
    vi.stubGlobal('RTCPeerConnection', class {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('plays a live stream near its edge: no resume point and no progress reports', async () => {
    const media = fakeMedia();
    const dispose = vi.fn();
    engine.mountVideo.mockResolvedValue({ media, dispose });
    const onProgress = vi.fn();
    const { unmount } = await renderWithApp(
      <VideoPlayer url="/media/webcasts/3/live/index.m3u8" title="Ao vivo" live resumeAt={40} onProgress={onProgress} />,
      { locale: 'en' },
    );
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toEqual({ url: '/media/webcasts/3/live/index.m3u8', title: 'Ao vivo', locale: 'en', live: true });
    media.dispatchEvent(new Event('loadedmetadata'));
    media.dispatchEvent(new Event('play'));
    media.dispatchEvent(new Event('pause'));
    expect(media.currentTime).toBe(0);
    expect(onProgress).not.toHaveBeenCalled();
    unmount();
    expect(dispose).toHaveBeenCalled();
  });

  it('mounts a recorded video as before (no live flag)', async () => {
    engine.mountVideo.mockResolvedValue({ media: fakeMedia(), dispose: vi.fn() });
    await renderWithApp(<VideoPlayer url="/media/webcasts/3/vod/a/index.m3u8" title="Gravação" resumeAt={0} onProgress={() => undefined} />, { locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toEqual({ url: '/media/webcasts/3/vod/a/index.m3u8', title: 'Gravação', locale: 'en' });
  });

  const WHEP = 'http://localhost/api/streaming/whep/grant.mac';
  const HLS = '/media/webcasts/3/live/index.m3u8';

  it('plays a live webcast over WebRTC when offered, and hands its clock out', async () => {
    const dispose = vi.fn();
    const clock = { media: fakeMedia(), dispose, currentPublisherTime: () => 1_700_000_000_000 };
    webrtc.mountWebrtc.mockResolvedValue(clock);
    const onClock = vi.fn();
    const { container, unmount } = await renderWithApp(
      <VideoPlayer url={HLS} webrtcUrl={WHEP} title="Ao vivo" live onClock={onClock} />, { locale: 'en' },
    );
    await waitFor(() => expect(onClock).toHaveBeenCalledWith(clock));
    expect(webrtc.mountWebrtc.mock.calls[0]![1]).toMatchObject({ url: WHEP, title: 'Ao vivo' });
    expect(engine.mountVideo).not.toHaveBeenCalled();
    expect(container.querySelector('.video-player')!.getAttribute('data-playback')).toBe('webrtc');
    unmount();
    expect(dispose).toHaveBeenCalled();
    expect(onClock).toHaveBeenLastCalledWith(null);
  });

  it('falls back to HLS when WebRTC cannot start, and when it drops after playing', async () => {
    engine.mountVideo.mockResolvedValue({ media: fakeMedia(), dispose: vi.fn() });
    webrtc.mountWebrtc.mockRejectedValue(new Error('no picture over WebRTC'));
    const first = await renderWithApp(<VideoPlayer url={HLS} webrtcUrl={WHEP} title="Ao vivo" live />, { locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(engine.mountVideo.mock.calls[0]![1]).toMatchObject({ url: HLS, live: true });
    expect(first.container.querySelector('.video-player')!.getAttribute('data-playback')).toBe('hls');
    first.unmount();

    engine.mountVideo.mockClear();
    let dropped: () => void = () => undefined;
    webrtc.mountWebrtc.mockImplementation(async (_el: HTMLElement, source: { onFailed(): void }) => {
      dropped = source.onFailed;
      return { media: fakeMedia(), dispose: vi.fn(), currentPublisherTime: () => null };
    });
    const onClock = vi.fn();
    const second = await renderWithApp(<VideoPlayer url={HLS} webrtcUrl={WHEP} title="Ao vivo" live onClock={onClock} />, { locale: 'en' });
    await waitFor(() => expect(onClock).toHaveBeenCalledTimes(1));
    expect(engine.mountVideo).not.toHaveBeenCalled();
    dropped();
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    expect(onClock).toHaveBeenLastCalledWith(null);
    expect(second.container.querySelector('.video-player')!.getAttribute('data-playback')).toBe('hls');
  });

  it('plays HLS when the browser has no WebRTC, or nothing offers it', async () => {
    engine.mountVideo.mockResolvedValue({ media: fakeMedia(), dispose: vi.fn() });
    vi.stubGlobal('RTCPeerConnection', undefined);
    const { unmount } = await renderWithApp(<VideoPlayer url={HLS} webrtcUrl={WHEP} title="Ao vivo" live />, { locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
    unmount();
    vi.stubGlobal('RTCPeerConnection', class {});
    await renderWithApp(<VideoPlayer url={HLS} webrtcUrl={null} title="Ao vivo" live />, { locale: 'en' });
    await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledTimes(2));
    expect(webrtc.mountWebrtc).not.toHaveBeenCalled();
  });
});
