import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FfmpegProcess } from './ffmpeg.ts';
import { HlsPublisher } from './hlsPublisher.ts';
import type { HlsStore, ObjectHeaders } from './hlsStore.ts';
import { parseMediaPlaylist } from './playlist.ts';

const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A store in memory that checks, at every playlist put, that each segment the playlist names
 * is already stored: the one thing a reader of the bucket must never meet.
 */
function checkingStore() {
  const objects = new Map<string, { bytes: Buffer; headers: ObjectHeaders }>();
  const violations: string[] = [];
  const removed: string[] = [];
  const store: HlsStore = {
    async readText(resource) {
      return objects.get(resource)?.bytes.toString('utf8') ?? null;
    },
    async stored(folder) {
      return new Map([...objects].filter(([key]) => key.startsWith(`${folder}/`))
        .map(([key, object]) => [key.slice(folder.length + 1), { size: object.bytes.length, etag: `"${createHash('md5').update(object.bytes).digest('hex')}"` }]));
    },
    async putText(resource, text, headers) {
      const folder = path.posix.dirname(resource);
      for (const { uri } of parseMediaPlaylist(text).segments) {
        if (!objects.has(`${folder}/${uri}`)) violations.push(`${resource} named ${uri} before it was stored`);
      }
      objects.set(resource, { bytes: Buffer.from(text), headers });
    },
    async putFile(resource, file, headers) {
      objects.set(resource, { bytes: await fs.promises.readFile(file), headers });
    },
    async remove(resource) {
      removed.push(resource);
      objects.delete(resource);
    },
  };
  return { store, objects, violations, removed };
}

/** ffmpeg's live HLS of a test picture: `extra` adds muxer options. */
function runFfmpeg(dir: string, seconds: number, extra: string[] = []) {
  return new FfmpegProcess(FFMPEG, [
    '-hide_banner', '-nostdin', '-loglevel', 'warning', '-re', '-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=10:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '5', '-f', 'hls', '-hls_time', '0.5',
    '-hls_segment_filename', path.join(dir, 'seg_%05d.ts'), ...extra, path.join(dir, 'stream.m3u8'),
  ], quiet, {});
}

describe('HLS publisher (ffmpeg output → store)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-hls-pub-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores each segment before the playlist that names it, with HLS headers, then moves the recording out of the disk', async () => {
    const { store, objects, violations } = checkingStore();
    const publisher = new HlsPublisher({ dir, resource: 'webcasts/1/live/s1', playlist: 'stream.m3u8', store, log: quiet });
    const ffmpeg = runFfmpeg(dir, 3, ['-hls_list_size', '0', '-hls_playlist_type', 'event', '-hls_flags', 'independent_segments+temp_file']);
    // polled faster than ffmpeg writes, so every intermediate playlist is published
    const following = publisher.follow(20);
    await ffmpeg.exited;
    await following.stop();
    const recording = await publisher.finish();

    expect(violations).toEqual([]);
    const playlist = objects.get('webcasts/1/live/s1/stream.m3u8')!;
    expect(playlist.headers).toEqual({ contentType: 'application/vnd.apple.mpegurl', cacheControl: 'no-cache' });
    const parsed = parseMediaPlaylist(playlist.bytes.toString());
    expect(parsed.ended).toBe(true);
    expect(parsed.segments.length).toBeGreaterThanOrEqual(4);
    for (const { uri } of parsed.segments) {
      const segment = objects.get(`webcasts/1/live/s1/${uri}`)!;
      expect(segment.headers.contentType).toBe('video/mp2t');
      expect(segment.headers.cacheControl).toMatch(/max-age=\d{6,}/);
      expect(segment.bytes[0]).toBe(0x47);
    }
    // nothing but the playlist and its segments (no ffmpeg temp files)
    expect(objects.size).toBe(parsed.segments.length + 1);
    expect(recording).toEqual({ verified: true, files: parsed.segments.length + 1 });
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('removes from the store the segments ffmpeg deletes (a rolling window)', async () => {
    const { store, objects, violations, removed } = checkingStore();
    const publisher = new HlsPublisher({ dir, resource: 'webcasts/2/live/s2', playlist: 'stream.m3u8', store, log: quiet });
    const ffmpeg = runFfmpeg(dir, 4, ['-hls_list_size', '2', '-hls_flags', 'delete_segments+temp_file']);
    const following = publisher.follow(20);
    await ffmpeg.exited;
    await following.stop();
    await publisher.sync();

    expect(violations).toEqual([]);
    expect(removed.length).toBeGreaterThan(0);
    const onDisk = fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).sort();
    const stored = [...objects.keys()].filter((key) => key.endsWith('.ts')).map((key) => path.posix.basename(key)).sort();
    // what ffmpeg keeps on its disk is what the bucket holds, no more
    expect(stored).toEqual(onDisk);
    expect(stored).not.toContain('seg_00000.ts');
  });

  it('uploads again, before removing the local copy, a file the store lost', async () => {
    const { store, objects } = checkingStore();
    let dropped = '';
    // the first segment's upload "succeeds" but nothing is kept
    const forgetful: HlsStore = {
      ...store,
      putFile: async (resource, file, headers) => {
        if (!dropped && resource.endsWith('.ts')) {
          dropped = resource;
          return;
        }
        await store.putFile(resource, file, headers);
      },
    };
    const publisher = new HlsPublisher({ dir, resource: 'webcasts/4/live/s4', playlist: 'stream.m3u8', store: forgetful, log: quiet });
    const ffmpeg = runFfmpeg(dir, 1, ['-hls_list_size', '0', '-hls_flags', 'temp_file']);
    await ffmpeg.exited;
    expect(await publisher.finish()).toMatchObject({ verified: true });
    expect(dropped).toMatch(/seg_00000\.ts$/);
    expect(objects.get(dropped)?.bytes[0]).toBe(0x47);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('keeps the local recording when the store does not hold it whole', async () => {
    const { store } = checkingStore();
    // a store that corrupts what it keeps: every listing reports other bytes than were sent
    const lossy: HlsStore = {
      ...store,
      stored: async (folder) => new Map([...(await store.stored(folder))].map(([name, file]) => [name, { ...file, etag: `"${'0'.repeat(32)}"` }])),
    };
    const errors: string[] = [];
    const publisher = new HlsPublisher({
      dir, resource: 'webcasts/3/live/s3', playlist: 'stream.m3u8', store: lossy, log: { ...quiet, error: (_: object, m: string) => void errors.push(m) },
    });
    const ffmpeg = runFfmpeg(dir, 1, ['-hls_list_size', '0', '-hls_flags', 'temp_file']);
    await ffmpeg.exited;
    const recording = await publisher.finish();
    expect(recording.verified).toBe(false);
    expect(errors[0]).toMatch(/local copy is kept/);
    expect(fs.existsSync(path.join(dir, 'stream.m3u8'))).toBe(true);
  });
});
