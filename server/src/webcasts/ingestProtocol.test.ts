import { serialize, deserialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { NotLiveError, StreamingUnavailableError, UnplayableOfferError, UnsupportedOfferError, ViewerLimitError } from '@lp/streaming/server';
import { fromWire, loggable, toWire } from './ingestProtocol.ts';

/** What crosses the IPC channel ('advanced' serialization is v8's structured clone). */
const crossed = <T>(value: T): T => deserialize(serialize(value)) as T;

describe('the ingest protocol', () => {
  it('keeps the error classes the routes map to HTTP statuses, and a viewer limit\'s reason', () => {
    for (const error of [new StreamingUnavailableError('no ffmpeg'), new NotLiveError('off air'), new UnsupportedOfferError('no codec'), new UnplayableOfferError('no H.264')]) {
      const back = fromWire(crossed(toWire(error)));
      expect(back).toBeInstanceOf(error.constructor);
      expect(back.message).toBe(error.message);
    }
    for (const reason of ['full', 'joining'] as const) {
      const back = fromWire(crossed(toWire(new ViewerLimitError(reason, 'busy'))));
      expect(back).toBeInstanceOf(ViewerLimitError);
      expect((back as ViewerLimitError).reason).toBe(reason);
    }
    const other = fromWire(crossed(toWire(new TypeError('boom'))));
    expect(other.constructor).toBe(Error);
    expect(other.message).toBe('boom');
  });

  it('makes log fields cloneable: errors as message and stack, what cannot be cloned as text', () => {
    const at = new Date();
    const data = loggable({ err: new Error('failed'), at, n: 1, nested: { a: [1] }, fn: { call: () => 1 } });
    const back = crossed(data);
    expect(back).toMatchObject({ err: { type: 'Error', message: 'failed' }, at, n: 1, nested: { a: [1] }, fn: '[object Object]' });
    expect(String((back.err as { stack: string }).stack)).toContain('failed');
  });
});
