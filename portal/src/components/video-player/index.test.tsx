import { waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { VideoPlayer } from './index.tsx';

const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('./engine.ts', () => engine);

function fakeMedia() {
  const media = document.createElement('video');
  let time = 0;
  Object.defineProperty(media, 'currentTime', { get: () => time, set: (v: number) => { time = v; } });
  Object.defineProperty(media, 'duration', { get: () => 300 });
  return media;
}

describe('video player', () => {
  beforeEach(() => engine.mountVideo.mockReset());

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
});
