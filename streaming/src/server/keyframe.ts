import type { VideoCodec } from './ffmpeg.ts';

/**
 * Whether an RTP payload starts a keyframe: a WebRTC viewer's video is forwarded from such a
 * packet on, so its decoder never starts on pictures that refer to frames it never got.
 */
export function startsKeyframe(codec: VideoCodec, payload: Buffer): boolean {
  return codec === 'H264' ? startsH264Keyframe(payload) : startsVp8Keyframe(payload);
}

const SPS = 7;
const IDR = 5;

/** RFC 6184: a single NAL unit, a STAP-A holding one, or an FU-A's first fragment of an SPS or IDR slice. */
export function startsH264Keyframe(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const type = payload[0]! & 0x1f;
  if (type === IDR || type === SPS) return true;
  if (type === 28) {
    const start = (payload[1]! & 0x80) !== 0;
    const unit = payload[1]! & 0x1f;
    return start && (unit === IDR || unit === SPS);
  }
  if (type === 24) {
    // STAP-A: a 16-bit size before each unit
    for (let at = 1; at + 2 < payload.length;) {
      const size = payload.readUInt16BE(at);
      const unit = payload[at + 2]! & 0x1f;
      if (unit === IDR || unit === SPS) return true;
      at += 2 + size;
    }
  }
  return false;
}

/** RFC 7741: the first packet of partition 0 (S=1, PID=0) whose frame header has P=0 (an intra frame). */
export function startsVp8Keyframe(payload: Buffer): boolean {
  if (payload.length < 1) return false;
  const first = payload[0]!;
  const start = (first & 0x10) !== 0;
  const partition = first & 0x07;
  if (!start || partition !== 0) return false;
  let at = 1;
  if (first & 0x80) {
    // X: an extension byte says which optional fields follow
    const extension = payload[at++];
    if (extension === undefined) return false;
    if (extension & 0x80) at += (payload[at] ?? 0) & 0x80 ? 2 : 1; // I: picture id, 7 or 15 bits
    if (extension & 0x40) at += 1; // L: TL0PICIDX
    if (extension & 0x30) at += 1; // T or K: TID/KEYIDX
  }
  const header = payload[at];
  return header !== undefined && (header & 0x01) === 0;
}

/**
 * `run` at most once per `intervalMs`: keyframe requests of joining WebRTC viewers, so a crowd
 * joining at once asks the publisher for one keyframe, not one each.
 */
export function atMostEvery(intervalMs: number, run: () => void, now: () => number = Date.now): () => void {
  let last = -Infinity;
  return () => {
    const at = now();
    if (at - last < intervalMs) return;
    last = at;
    run();
  };
}
