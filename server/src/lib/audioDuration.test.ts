import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audioDuration, parseMp3Frame } from './audioDuration.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-audio-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: 417-byte frames of 1152 samples. */
const FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413)]);
const frames = (n: number) => Buffer.concat(Array.from({ length: n }, () => FRAME));

/** ID3v2.3 tag with `size` bytes of body (synchsafe size). */
const id3 = (size: number) => Buffer.concat([
  Buffer.from('ID3'), Buffer.from([3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]), Buffer.alloc(size),
]);

function wav(seconds: number, rate = 8000): Buffer {
  const data = Buffer.alloc(seconds * rate, 0x80);
  const b = Buffer.alloc(44);
  b.write('RIFF', 0); b.writeUInt32LE(36 + data.length, 4); b.write('WAVE', 8); b.write('fmt ', 12); b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); b.writeUInt16LE(1, 22); b.writeUInt32LE(rate, 24); b.writeUInt32LE(rate, 28); b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34); b.write('data', 36); b.writeUInt32LE(data.length, 40);
  return Buffer.concat([b, data]);
}

describe('audio durations read from the file (spec 3 §3 "audios, each with a duration")', () => {
  it('reads MPEG frame headers', () => {
    expect(parseMp3Frame(FRAME)).toMatchObject({ length: 417, samples: 1152, sampleRate: 44100, version: 3, mono: false });
    expect(parseMp3Frame(Buffer.from([0xff, 0xfb, 0xf0, 0]))).toBeNull(); // bit-rate index 15
    expect(parseMp3Frame(Buffer.from('ID3 '))).toBeNull();
  });

  it('adds up the frames of an MP3 without an encoder header, after an ID3v2 tag and before an ID3v1 one', async () => {
    const bytes = Buffer.concat([id3(300), frames(100), Buffer.from('TAG'), Buffer.alloc(125)]);
    expect(await audioDuration(write('cbr.mp3', bytes), 'mp3')).toBeCloseTo((100 * 1152) / 44100, 3);
  });

  it('reads the frame count of a Xing/Info header (the seed podcast, made with ffmpeg: 7.053 s as ffprobe says)', async () => {
    const seed = path.resolve(import.meta.dirname, '../seed/assets/podcast-boas-vindas.mp3');
    expect(await audioDuration(seed, 'mp3')).toBeCloseTo(7.053, 2);
  });

  it('reads a WAV from its fmt and data chunks', async () => {
    expect(await audioDuration(write('a.wav', wav(3)), 'wav')).toBe(3);
  });

  it('finds no audio in what is not one (the upload is refused)', async () => {
    expect(await audioDuration(write('junk.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 0x41)])), 'mp3')).toBeNull();
    expect(await audioDuration(write('empty.wav', wav(0)), 'wav')).toBeNull();
    expect(await audioDuration(write('x.ogg', frames(3)), 'ogg')).toBeNull();
  });
});
