import { describe, expect, it } from 'vitest';
import { atMostEvery, startsH264Keyframe, startsKeyframe, startsVp8Keyframe } from './keyframe.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('keyframe starts in RTP payloads', () => {
  it('H.264: an SPS or IDR unit, a STAP-A holding one, or the first FU-A fragment of an IDR slice', () => {
    expect(startsH264Keyframe(bytes(0x67, 0x42, 0xe0))).toBe(true); // SPS
    expect(startsH264Keyframe(bytes(0x65, 0x88, 0x84))).toBe(true); // IDR
    expect(startsH264Keyframe(bytes(0x41, 0x9a, 0x00))).toBe(false); // a P slice
    // STAP-A: SEI (3 bytes), then SPS
    expect(startsH264Keyframe(bytes(0x78, 0x00, 0x03, 0x06, 0x05, 0x01, 0x00, 0x02, 0x67, 0x42))).toBe(true);
    expect(startsH264Keyframe(bytes(0x78, 0x00, 0x03, 0x06, 0x05, 0x01, 0x00, 0x02, 0x41, 0x9a))).toBe(false);
    // FU-A of an IDR slice: the start fragment only
    expect(startsH264Keyframe(bytes(0x7c, 0x85, 0x88))).toBe(true);
    expect(startsH264Keyframe(bytes(0x7c, 0x05, 0x88))).toBe(false);
    expect(startsH264Keyframe(bytes(0x7c, 0x81, 0x9a))).toBe(false);
    expect(startsH264Keyframe(bytes(0x65))).toBe(false);
  });

  it('VP8: partition 0\'s first packet of an intra frame, with or without the extended descriptor', () => {
    // S=1 PID=0, frame header P=0
    expect(startsVp8Keyframe(bytes(0x10, 0x50, 0x2a, 0x00))).toBe(true);
    expect(startsVp8Keyframe(bytes(0x10, 0x51, 0x2a, 0x00))).toBe(false);
    // not the start of partition 0
    expect(startsVp8Keyframe(bytes(0x00, 0x50, 0x2a, 0x00))).toBe(false);
    expect(startsVp8Keyframe(bytes(0x11, 0x50, 0x2a, 0x00))).toBe(false);
    // X=1, I=1 with a 15-bit picture id (M=1): three descriptor bytes before the header
    expect(startsVp8Keyframe(bytes(0x90, 0x80, 0x81, 0x23, 0x50, 0x2a))).toBe(true);
    expect(startsVp8Keyframe(bytes(0x90, 0x80, 0x81, 0x23, 0x51, 0x2a))).toBe(false);
    // X=1, I=1 (7 bits), L=1, T=1
    expect(startsVp8Keyframe(bytes(0x90, 0xe0, 0x12, 0x03, 0x40, 0x50))).toBe(true);
    expect(startsKeyframe('VP8', bytes(0x10))).toBe(false);
    expect(startsKeyframe('H264', bytes(0x67, 0x42))).toBe(true);
  });

  it('asks for a keyframe at most once per interval, however many viewers join', () => {
    let clock = 1000;
    let asked = 0;
    const ask = atMostEvery(500, () => void (asked += 1), () => clock);
    ask();
    ask();
    clock += 499;
    ask();
    expect(asked).toBe(1);
    clock += 1;
    ask();
    ask();
    expect(asked).toBe(2);
  });
});
