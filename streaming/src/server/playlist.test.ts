import { describe, expect, it } from 'vitest';
import { LivePlaylist, parseMediaPlaylist, totalDuration, vodPlaylist } from './playlist.ts';

const FFMPEG = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:2.000000,
seg_00000.ts
#EXTINF:2.000000,
seg_00001.ts
#EXTINF:1.366667,
seg_00002.ts
#EXT-X-ENDLIST
`;

const lines = (text: string) => text.trim().split('\n');

describe('HLS playlists of a webcast', () => {
  it("reads ffmpeg's playlist", () => {
    const parsed = parseMediaPlaylist(FFMPEG);
    expect(parsed.targetDuration).toBe(2);
    expect(parsed.ended).toBe(true);
    expect(parsed.segments).toEqual([
      { uri: 'seg_00000.ts', duration: 2 }, { uri: 'seg_00001.ts', duration: 2 }, { uri: 'seg_00002.ts', duration: 1.366667 },
    ]);
    expect(totalDuration(parsed.segments)).toBeCloseTo(5.366667);
    expect(parseMediaPlaylist(FFMPEG.replace('#EXT-X-ENDLIST\n', '')).ended).toBe(false);
  });

  it('reads and repeats the program date time of every segment (the publisher clock the chat follows)', () => {
    const stamped = FFMPEG.replace('#EXTINF:2.000000,\nseg_00000.ts', '#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:00.000+0000\n#EXTINF:2.000000,\nseg_00000.ts')
      .replace('#EXTINF:2.000000,\nseg_00001.ts', '#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:02.000+0000\n#EXTINF:2.000000,\nseg_00001.ts');
    const { segments } = parseMediaPlaylist(stamped);
    expect(segments.map((s) => s.programDateTime)).toEqual(['2026-11-30T12:00:00.000+0000', '2026-11-30T12:00:02.000+0000', undefined]);
    const live = new LivePlaylist(6, 2);
    live.startSession();
    for (const segment of segments) live.add({ ...segment, uri: `a/${segment.uri}` });
    live.startSession();
    live.add({ uri: 'b/seg_00000.ts', duration: 2, programDateTime: '2026-11-30T12:00:20.000+0000' });
    expect(lines(live.render()).slice(6)).toEqual([
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:00.000+0000', '#EXTINF:2.000000,', 'a/seg_00000.ts',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:02.000+0000', '#EXTINF:2.000000,', 'a/seg_00001.ts',
      '#EXTINF:1.366667,', 'a/seg_00002.ts',
      '#EXT-X-DISCONTINUITY', '#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:20.000+0000', '#EXTINF:2.000000,', 'b/seg_00000.ts',
    ]);
  });

  it('keeps a sliding window with a media sequence counted from the first segment', () => {
    const live = new LivePlaylist(3, 2);
    for (let i = 0; i < 5; i++) live.add({ uri: `a/seg_${i}.ts`, duration: 2 });
    const text = live.render();
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:2');
    expect(text).toContain('#EXT-X-TARGETDURATION:2');
    expect(lines(text).filter((l) => l.endsWith('.ts'))).toEqual(['a/seg_2.ts', 'a/seg_3.ts', 'a/seg_4.ts']);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('marks the break between two publish sessions and counts the discontinuities that leave the window', () => {
    const live = new LivePlaylist(3, 2);
    live.startSession();
    live.add({ uri: 'a/0.ts', duration: 2 });
    live.add({ uri: 'a/1.ts', duration: 2 });
    live.end();
    expect(live.render()).toContain('#EXT-X-ENDLIST');
    live.startSession();
    live.add({ uri: 'b/0.ts', duration: 2 });
    let text = live.render();
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(lines(text).slice(-3)).toEqual(['#EXT-X-DISCONTINUITY', '#EXTINF:2.000000,', 'b/0.ts']);
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    live.add({ uri: 'b/1.ts', duration: 2 });
    live.add({ uri: 'b/2.ts', duration: 2 });
    live.add({ uri: 'b/3.ts', duration: 2 });
    text = live.render();
    // b/0 (the discontinuity) has left the window
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('never lowers the target duration', () => {
    const live = new LivePlaylist(2, 2);
    live.add({ uri: 'x.ts', duration: 3.4 });
    live.add({ uri: 'y.ts', duration: 2 });
    live.add({ uri: 'z.ts', duration: 2 });
    expect(live.render()).toContain('#EXT-X-TARGETDURATION:4');
  });

  it('writes the saved video as a finished VOD playlist with a break between sessions', () => {
    const text = vodPlaylist([
      [{ uri: '../../live/a/seg_00000.ts', duration: 2 }, { uri: '../../live/a/seg_00001.ts', duration: 1.5 }],
      [],
      [{ uri: '../../live/b/seg_00000.ts', duration: 2 }],
    ]);
    expect(lines(text)).toEqual([
      '#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXTINF:2.000000,', '../../live/a/seg_00000.ts', '#EXTINF:1.500000,', '../../live/a/seg_00001.ts',
      '#EXT-X-DISCONTINUITY', '#EXTINF:2.000000,', '../../live/b/seg_00000.ts',
      '#EXT-X-ENDLIST',
    ]);
  });
});
