/**
 * The duration of a stored video or audio file, read from the file itself: the watched share of a
 * module (shared learning/completion.ts) is counted on it, never on what a player says. MP4 from
 * its movie header (`moov` › `mvhd`: duration / timescale); mp3 and wav through audioDuration.ts.
 * No process, no dependency: a few box headers are read, never the media data.
 */
import fs from 'node:fs';
import { audioDuration } from './audioDuration.ts';

const MP4_EXTENSIONS = new Set(['mp4', 'm4v', 'm4a', 'mov']);

interface Box { type: string; start: number; body: number; end: number }

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The boxes one after the other between `from` and `to` (ISO/IEC 14496-12 §4.2: 32-bit size, or 1 + 64-bit, or 0 = to the end). */
async function* boxes(handle: fs.promises.FileHandle, from: number, to: number): AsyncGenerator<Box> {
  let at = from;
  while (at + 8 <= to) {
    const head = await readAt(handle, at, 16);
    if (head.length < 8) return;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let body = at + 8;
    if (size === 1) {
      if (head.length < 16) return;
      size = Number(head.readBigUInt64BE(8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < body - at || at + size > to) return;
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

async function mp4Duration(file: string): Promise<number | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    for await (const box of boxes(handle, 0, size)) {
      if (box.type !== 'moov') continue;
      for await (const child of boxes(handle, box.body, box.end)) {
        if (child.type !== 'mvhd') continue;
        const header = await readAt(handle, child.body, 32);
        const version = header[0];
        // version 0: 32-bit creation, modification, timescale, duration; version 1: 64-bit times and duration
        const timescale = version === 1 ? header.readUInt32BE(20) : header.readUInt32BE(12);
        const duration = version === 1 ? Number(header.readBigUInt64BE(24)) : header.readUInt32BE(16);
        // all ones: "unknown" (a fragmented file tells its length elsewhere)
        if (!timescale || !duration || duration === 0xffffffff) return null;
        return duration / timescale;
      }
      return null;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Seconds of a stored video or audio file by its extension; null when it cannot be read (the player's word is then taken). */
export async function mediaDuration(file: string, extension: string): Promise<number | null> {
  try {
    const ext = extension.toLowerCase();
    const seconds = MP4_EXTENSIONS.has(ext) ? await mp4Duration(file) : await audioDuration(file, ext);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  } catch {
    return null;
  }
}
