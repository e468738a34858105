import { act, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { VideoPlayer, type VideoPlayerProps } from './index.tsx';
import { WhepRefused } from './webrtcRetry.ts';

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

  describe('back to WebRTC after falling back to HLS', () => {
    // only setTimeout is faked: testing-library's waitFor polls with setInterval
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(Math, 'random').mockReturnValue(0);
    });
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    /** The watch page, whose refresh re-signs the WHEP grant. */
    let resign: (url: string) => void = () => undefined;
    function WatchPage(props: Omit<VideoPlayerProps, 'webrtcUrl'>) {
      const [webrtcUrl, setWebrtcUrl] = useState(WHEP);
      resign = setWebrtcUrl;
      return <VideoPlayer {...props} webrtcUrl={webrtcUrl} />;
    }
    /** mountWebrtc as the real one does it: the <video> goes into the container it is given. */
    const webrtcMounted = (container: HTMLElement) => {
      const media = fakeMedia();
      container.append(media);
      return { media, dispose: vi.fn(() => media.remove()), publisherTime: () => 1_700_000_000_000 };
    };

    it('a refused viewer (503, Retry-After) tries again with the latest address out of sight, and swaps only once it plays', async () => {
      const media = fakeMedia();
      const hls = { media, dispose: vi.fn(() => media.remove()), clock: { publisherTime: () => 1 } };
      engine.mountVideo.mockImplementation(async (frame: HTMLElement) => {
        frame.append(hls.media);
        return hls;
      });
      let firstFrame: (container: HTMLElement) => void = () => undefined;
      webrtc.mountWebrtc
        .mockRejectedValueOnce(new WhepRefused(503, 5000))
        .mockImplementationOnce((container: HTMLElement) => new Promise((resolve) => {
          firstFrame = () => resolve(webrtcMounted(container));
        }));
      const onClock = vi.fn();
      const { container, unmount } = await renderWithApp(<WatchPage url={HLS} title="Ao vivo" live onClock={onClock} />, { locale: 'en' });
      const player = container.querySelector('.video-player')!;
      await waitFor(() => expect(onClock).toHaveBeenLastCalledWith(hls.clock));
      expect(player.getAttribute('data-playback')).toBe('hls');
      act(() => resign(`${WHEP}.resigned`));

      // not before the server's Retry-After
      await vi.advanceTimersByTimeAsync(4999);
      expect(webrtc.mountWebrtc).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await waitFor(() => expect(webrtc.mountWebrtc).toHaveBeenCalledTimes(2));
      const [standby, source] = webrtc.mountWebrtc.mock.calls[1]! as [HTMLElement, { url: string }];
      expect(source.url).toBe(`${WHEP}.resigned`);
      expect(standby.getAttribute('style')).toContain('opacity:0');
      expect(standby.getAttribute('aria-hidden')).toBe('true');

      // connected but no picture yet: HLS still plays, untouched
      expect(hls.dispose).not.toHaveBeenCalled();
      expect(player.getAttribute('data-playback')).toBe('hls');

      firstFrame(standby);
      await waitFor(() => expect(player.getAttribute('data-playback')).toBe('webrtc'));
      expect(hls.dispose).toHaveBeenCalledOnce();
      expect(onClock).toHaveBeenLastCalledWith(expect.objectContaining({ publisherTime: expect.any(Function) }));
      expect(onClock.mock.lastCall![0].publisherTime()).toBe(1_700_000_000_000);
      expect(standby.hasAttribute('style')).toBe(false);
      expect(standby.hasAttribute('aria-hidden')).toBe(false);
      expect(container.querySelectorAll('video')).toHaveLength(1);

      // playing WebRTC: nothing more is tried
      await vi.advanceTimersByTimeAsync(120_000);
      expect(webrtc.mountWebrtc).toHaveBeenCalledTimes(2);
      unmount();
      expect(container.querySelectorAll('video')).toHaveLength(0);
    });

    it('failed attempts leave HLS playing untouched, without a message, and stop with the player', async () => {
      const hls = { media: fakeMedia(), dispose: vi.fn() };
      engine.mountVideo.mockImplementation(async (frame: HTMLElement) => {
        frame.append(hls.media);
        return hls;
      });
      webrtc.mountWebrtc.mockImplementation(async (container: HTMLElement) => {
        // answered, then no picture: the real one takes its <video> out of the container again
        const media = fakeMedia();
        container.append(media);
        media.remove();
        throw new Error('no picture over WebRTC');
      });
      const { container, unmount } = await renderWithApp(<WatchPage url={HLS} title="Ao vivo" live />, { locale: 'en' });
      await waitFor(() => expect(engine.mountVideo).toHaveBeenCalledOnce());
      for (const [wait, calls] of [[3000, 2], [6000, 3], [12_000, 4]] as const) {
        await vi.advanceTimersByTimeAsync(wait);
        await waitFor(() => expect(webrtc.mountWebrtc).toHaveBeenCalledTimes(calls));
      }
      await waitFor(() => expect(container.querySelectorAll('.video-frame > div')).toHaveLength(0));
      expect(container.querySelector('.video-frame')!.children).toHaveLength(1);
      expect(hls.dispose).not.toHaveBeenCalled();
      expect(engine.mountVideo).toHaveBeenCalledOnce();
      expect(container.querySelector('.video-player')!.getAttribute('data-playback')).toBe('hls');
      expect(container.querySelector('.message')).toBeNull();
      unmount();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(webrtc.mountWebrtc).toHaveBeenCalledTimes(4);
    });
  });
});
