import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter, RETRY_CAP_MS, retryDelay, retryWebrtc, WhepRefused } from './webrtcRetry.ts';

describe('WebRTC retry delays', () => {
  it('doubles from 3 s up to a 30 s cap, spread by up to half again', () => {
    const low = () => 0;
    expect([0, 1, 2, 3, 4, 9].map((n) => retryDelay(n, null, low))).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000]);
    expect(retryDelay(0, null, () => 0.999)).toBe(4499);
    expect(retryDelay(12, null, () => 0.999)).toBeLessThan(RETRY_CAP_MS * 1.5);
  });

  it("never comes back sooner than the server's Retry-After", () => {
    expect(retryDelay(0, 10_000, () => 0)).toBe(10_000);
    expect(retryDelay(0, 10_000, () => 0.5)).toBe(12_500);
    expect(retryDelay(3, 1000, () => 0)).toBe(24_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:00:20 GMT', now)).toBe(20_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('retrying WebRTC', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again later each time until an attempt plays, honouring Retry-After', async () => {
    const attempt = vi.fn()
      .mockRejectedValueOnce(new WhepRefused(503, 8000))
      .mockRejectedValueOnce(new Error('no picture over WebRTC'))
      .mockResolvedValue(undefined);
    retryWebrtc(attempt, new WhepRefused(503, null), () => 0);
    await vi.advanceTimersByTimeAsync(2999);
    expect(attempt).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    // the second retry would be 6 s, but the server asked for 8
    await vi.advanceTimersByTimeAsync(7999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    // it played: no more attempts
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('stops when the player goes, and never retries an offer the server cannot play (406)', async () => {
    const attempt = vi.fn().mockRejectedValue(new WhepRefused(503, null));
    const stop = retryWebrtc(attempt, new Error('the WebRTC session dropped'), () => 0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(attempt).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempt).toHaveBeenCalledTimes(1);

    const unplayable = vi.fn();
    retryWebrtc(unplayable, new WhepRefused(406, null), () => 0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(unplayable).not.toHaveBeenCalled();
  });
});
