import { describe, expect, it } from 'vitest';
import { clockOffset, crossedMark, formatRemaining, isAnnouncementMark, remainingMs } from './countdown.ts';

describe('countdown on the server clock (spec 2 §4.8 timed types)', () => {
  it('measures the deadline on the server clock, whatever the device clock says', () => {
    // the device is an hour behind the server
    const device = Date.parse('2026-11-23T09:00:00Z');
    const offset = clockOffset('2026-11-23T10:00:00Z', device);
    expect(remainingMs('2026-11-23T10:05:00Z', offset, device)).toBe(300_000);
    expect(remainingMs('2026-11-23T10:05:00Z', offset, device + 299_000)).toBe(1000);
    expect(remainingMs('2026-11-23T10:05:00Z', offset, device + 400_000)).toBe(0);
    // the same instants written with an offset
    expect(remainingMs('2026-11-23T07:05:00-03:00', clockOffset('2026-11-23T07:00:00-03:00', device), device)).toBe(300_000);
  });

  it('trusts nothing it cannot read', () => {
    const device = Date.parse('2026-11-23T09:00:00Z');
    expect(clockOffset('not a date', device)).toBe(0);
    expect(remainingMs('', 0, device)).toBe(0);
    expect(remainingMs('2026-11-23 10:05:00', 0, device)).toBe(0);
  });

  it('formats the time left', () => {
    expect(formatRemaining(65_000)).toBe('01:05');
    expect(formatRemaining(500)).toBe('00:01');
    expect(formatRemaining(3_725_000)).toBe('1:02:05');
  });

  it('announces at sensible marks only', () => {
    expect([600, 300, 240, 60, 30, 10].every(isAnnouncementMark)).toBe(true);
    expect([420, 59, 11, 0].some(isAnnouncementMark)).toBe(false);
    expect(crossedMark(61, 60)).toBe(60);
    expect(crossedMark(60, 59)).toBeNull();
    // a throttled tab skipping seconds still says the mark it crossed
    expect(crossedMark(35, 25)).toBe(30);
  });
});
