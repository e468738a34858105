/**
 * The duration of an uploaded podcast audio (spec 3 §3 "audios, each with a duration"), read
 * from the file itself rather than trusted from the browser or found by spawning ffprobe: WAV
 * from its fmt and data chunks, MP3 from the Xing/Info or VBRI header of its first frame or,
 * without one, by walking every frame (constant or variable bit rate alike). No process, no
 * dependency; the file is read in blocks, never whole.
 */
import fs from 'node:fs';

const BLOCK = 1024 * 1024;

/** Random access over a file through one block-sized window. */
class FileWindow {
  private buffer = Buffer.alloc(0);
  private base = 0;

  private constructor(private readonly handle: fs.promises.FileHandle, readonly size: number) {}

  static async open(file: string): Promise<FileWindow> {
    const handle = await fs.promises.open(file, 'r');
    const { size } = await handle.stat();
    return new FileWindow(handle, size);
  }

  /** `length` bytes at `position` (fewer at the end of the file). */
  async bytes(position: number, length: number): Promise<Buffer> {
    if (position < this.base || position + length > this.base + this.buffer.length) {
      const want = Math.max(length, BLOCK);
      const buffer = Buffer.alloc(Math.min(want, Math.max(0, this.size - position)));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
      this.buffer = buffer.subarray(0, bytesRead);
      this.base = position;
    }
    const start = position - this.base;
    return this.buffer.subarray(start, start + length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

// ---- WAV ----

async function wavDuration(file: FileWindow): Promise<number | null> {
  const head = await file.bytes(0, 12);
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  for (let at = 12; at + 8 <= file.size;) {
    const chunk = await file.bytes(at, 16);
    const id = chunk.toString('ascii', 0, 4);
    const size = chunk.readUInt32LE(4);
    if (id === 'fmt ' && chunk.length >= 16) {
      byteRate = (await file.bytes(at + 8, 16)).readUInt32LE(8);
    } else if (id === 'data') {
      if (!byteRate) return null;
      // a streamed recording may leave the size unset (0 or 0xFFFFFFFF): the rest of the file is data
      const available = file.size - (at + 8);
      const dataSize = size === 0 || size > available ? available : size;
      return dataSize / byteRate;
    }
    at += 8 + size + (size % 2); // chunks are word-aligned
  }
  return null;
}

// ---- MP3 ----

const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES: Record<number, readonly number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Frame {
  /** bytes of the whole frame */
  length: number;
  samples: number;
  sampleRate: number;
  /** MPEG-1 (3), MPEG-2 (2) or MPEG-2.5 (0) */
  version: number;
  mono: boolean;
}

/** An MPEG audio frame header at the start of `h`, or null (free format and reserved values are refused). */
export function parseMp3Frame(h: Buffer): Mp3Frame | null {
  if (h.length < 4 || h[0] !== 0xff || (h[1]! & 0xe0) !== 0xe0) return null;
  const version = (h[1]! >> 3) & 3;
  const layerBits = (h[1]! >> 1) & 3;
  const bitrateIndex = h[2]! >> 4;
  const rateIndex = (h[2]! >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const layer = 4 - layerBits; // 1, 2 or 3
  const table = version === 3
    ? (layer === 1 ? BITRATES.v1l1 : layer === 2 ? BITRATES.v1l2 : BITRATES.v1l3)
    : (layer === 1 ? BITRATES.v2l1 : BITRATES.v2l23);
  const bitrate = table[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (h[2]! >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length = layer === 1
    ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
    : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { length, samples, sampleRate, version, mono: (h[3]! >> 6) === 3 };
}

/** Frames counted by an encoder's Xing/Info or VBRI header in the first frame, if it has one. */
function headerFrameCount(frame: Mp3Frame, bytes: Buffer): number | null {
  const sideInfo = frame.version === 3 ? (frame.mono ? 17 : 32) : (frame.mono ? 9 : 17);
  const xing = 4 + sideInfo;
  const tag = bytes.toString('ascii', xing, xing + 4);
  if ((tag === 'Xing' || tag === 'Info') && bytes.length >= xing + 12 && (bytes.readUInt32BE(xing + 4) & 1)) {
    return bytes.readUInt32BE(xing + 8) || null;
  }
  if (bytes.toString('ascii', 36, 40) === 'VBRI' && bytes.length >= 36 + 18) return bytes.readUInt32BE(36 + 14) || null;
  return null;
}

/** Where the audio starts: after an ID3v2 tag (and its footer), if there is one. */
async function id3v2End(file: FileWindow): Promise<number> {
  const h = await file.bytes(0, 10);
  if (h.length < 10 || h.toString('ascii', 0, 3) !== 'ID3') return 0;
  const size = ((h[6]! & 0x7f) << 21) | ((h[7]! & 0x7f) << 14) | ((h[8]! & 0x7f) << 7) | (h[9]! & 0x7f);
  return 10 + size + (h[5]! & 0x10 ? 10 : 0);
}

/** The first position from `from` where two frames follow each other (a lone 0xFFE… is not enough). */
async function firstFrame(file: FileWindow, from: number, limit: number): Promise<{ at: number; frame: Mp3Frame } | null> {
  for (let at = from; at + 4 <= Math.min(file.size, from + limit); at += 1) {
    const frame = parseMp3Frame(await file.bytes(at, 4));
    if (!frame) continue;
    const next = at + frame.length;
    if (next + 4 > file.size) return { at, frame }; // a one-frame file
    if (parseMp3Frame(await file.bytes(next, 4))) return { at, frame };
  }
  return null;
}

async function mp3Duration(file: FileWindow): Promise<number | null> {
  const start = await id3v2End(file);
  const first = await firstFrame(file, start, 64 * 1024);
  if (!first) return null;
  const counted = headerFrameCount(first.frame, await file.bytes(first.at, Math.min(first.frame.length, 256)));
  if (counted) return (counted * first.frame.samples) / first.frame.sampleRate;

  // no encoder header: add up every frame (an ID3v1 tag or trailing junk just ends the walk)
  let seconds = 0;
  let at = first.at;
  while (at + 4 <= file.size) {
    const frame = parseMp3Frame(await file.bytes(at, 4));
    if (!frame || frame.length < 4) break;
    seconds += frame.samples / frame.sampleRate;
    at += frame.length;
  }
  return seconds;
}

/**
 * Seconds of audio in an mp3 or wav file (by its extension); null when the file holds no
 * readable audio of that kind (the caller refuses it).
 */
export async function audioDuration(file: string, extension: string): Promise<number | null> {
  const window = await FileWindow.open(file);
  try {
    const seconds = extension === 'wav' ? await wavDuration(window) : extension === 'mp3' ? await mp3Duration(window) : null;
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  } finally {
    await window.close();
  }
}
