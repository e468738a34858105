import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaDuration } from './mediaDuration.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-media-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const SEED_VIDEO = path.join(import.meta.dirname, '../seed/assets/boas-vindas.mp4');

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** mvhd version 0 (32-bit fields) or 1 (64-bit times and duration). */
function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(version === 1 ? 108 : 96);
  body[0] = version;
  if (version === 1) {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
  }
  return box('mvhd', body);
}
const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

describe('durations of stored media read from the files (the watched share is counted on them)', () => {
  it('reads the movie header of an MP4, the media data before or after it', async () => {
    expect(await mediaDuration(SEED_VIDEO, 'mp4')).toBeCloseTo(6, 1);
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom'));
    const mdat = box('mdat', Buffer.alloc(5000));
    expect(await mediaDuration(write('end.mp4', Buffer.concat([ftyp, mdat, box('moov', box('trak'), mvhd(0, 1000, 93_500))])), 'mp4')).toBe(93.5);
    expect(await mediaDuration(write('v1.mp4', Buffer.concat([ftyp, box('moov', mvhd(1, 90_000, 90_000 * 7200)), mdat])), 'MP4')).toBe(7200);
  });

  it('answers null for what it cannot read: no movie header, an unknown duration, a broken or missing file', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isom'));
    expect(await mediaDuration(write('none.mp4', Buffer.concat([ftyp, box('moov', box('trak'))])), 'mp4')).toBeNull();
    expect(await mediaDuration(write('unknown.mp4', Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 0xffffffff))])), 'mp4')).toBeNull();
    expect(await mediaDuration(write('junk.mp4', Buffer.from('not a movie at all')), 'mp4')).toBeNull();
    expect(await mediaDuration(path.join(dir, 'missing.mp4'), 'mp4')).toBeNull();
    expect(await mediaDuration(write('doc.pdf', Buffer.from('%PDF-1.4')), 'pdf')).toBeNull();
  });

  it('reads audio through the podcasts\' reader', async () => {
    const seed = path.join(import.meta.dirname, '../seed/assets/podcast-boas-vindas.mp3');
    expect(await mediaDuration(seed, 'mp3')).toBeGreaterThan(0);
  });
});
