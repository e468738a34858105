import { describe, expect, it } from 'vitest';
import { hlsPlayback, isHlsUrl, livePlayback } from './hlsPlayback.ts';

describe('HLS playback choice', () => {
  it('takes hls.js wherever it runs, even when the browser says it plays HLS itself (Chromium 156 answers "maybe")', () => {
    expect(hlsPlayback(true, 'maybe')).toBe('hls.js');
    expect(hlsPlayback(true, '')).toBe('hls.js');
  });

  it("leaves HLS to the browser's own player only without Media Source Extensions (iOS Safari)", () => {
    expect(hlsPlayback(false, 'maybe')).toBe('native');
    expect(hlsPlayback(false, 'probably')).toBe('native');
    expect(hlsPlayback(false, '')).toBe('unsupported');
  });

  it('knows an HLS playlist by its path, whatever the query', () => {
    expect(isHlsUrl('/media/webcasts/3/live/index.m3u8')).toBe(true);
    expect(isHlsUrl('/media/webcasts/3/vod/a/INDEX.M3U8?token=1')).toBe(true);
    expect(isHlsUrl('/media/videos/intro.mp4')).toBe(false);
  });
});

describe('live playback choice', () => {
  it('takes WebRTC when the server offers it and the browser has it, HLS otherwise', () => {
    expect(livePlayback('http://localhost/api/streaming/whep/g.m', true)).toBe('webrtc');
    expect(livePlayback('http://localhost/api/streaming/whep/g.m', false)).toBe('hls');
    expect(livePlayback(null, true)).toBe('hls');
    expect(livePlayback(undefined, true)).toBe('hls');
  });
});
