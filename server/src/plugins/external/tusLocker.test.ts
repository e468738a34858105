import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { ERRORS } from '@tus/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisLocker, type RedisLocker, type RedisLockerOptions } from './tusLocker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => {} };

/** a promise the test settles when it chooses */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

/** whether `promise` has settled once pending callbacks and a Redis round trip had their turn */
async function settled(promise: Promise<unknown>, redis: Redis): Promise<boolean> {
  let done = false;
  promise.then(() => { done = true; }, () => { done = true; });
  await redis.ping();
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/** Two lockers on one Redis prefix stand for two API nodes (docs/production.md "Topology"). */
describe('tus upload lock over Redis, two nodes', () => {
  const prefix = `lp-test-tuslock-${randomBytes(4).toString('hex')}`;
  const open: RedisLocker[] = [];
  let redis: Redis;
  const node = (options: RedisLockerOptions = {}) => {
    const locker = createRedisLocker(REDIS_URL, prefix, quiet, options);
    open.push(locker);
    return locker;
  };
  const key = (id: string) => `${prefix}:tus:lock:${id}`;
  const noRelease = () => {};

  beforeAll(() => { redis = new Redis(REDIS_URL); });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((locker) => locker.close()));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('makes the second node wait until the first unlocks', async () => {
    const [a, b] = [node(), node()];
    const held = a.newLock('upload-1');
    await held.lock(new AbortController().signal, noRelease);
    expect(await redis.exists(key('upload-1'))).toBe(1);

    const waiting = b.newLock('upload-1').lock(new AbortController().signal, noRelease);
    expect(await settled(waiting, redis)).toBe(false);
    // another upload is not blocked by it
    const other = b.newLock('upload-2');
    await other.lock(new AbortController().signal, noRelease);
    await other.unlock();

    await held.unlock();
    await waiting;
    expect(await redis.exists(key('upload-1'))).toBe(1);
  });

  it('asks the holder on the other node to release, and the waiter gets the lock once it does', async () => {
    const [a, b] = [node(), node()];
    const held = a.newLock('upload-3');
    const asked = deferred();
    await held.lock(new AbortController().signal, () => asked.resolve());

    const taking = b.newLock('upload-3');
    const waiting = taking.lock(new AbortController().signal, noRelease);
    // as a stalled PATCH in tus: the release request ends it, and it unlocks
    await asked.promise;
    expect(await settled(waiting, redis)).toBe(false);
    await held.unlock();
    await waiting;
    await taking.unlock();
    expect(await redis.exists(key('upload-3'))).toBe(0);
  });

  it('lets a lock whose node died (no unlock) expire after its TTL', async () => {
    const dead = node({ ttlMs: 400 });
    await dead.newLock('upload-4').lock(new AbortController().signal, noRelease);
    // the process is gone: no renewal, no release
    await dead.close();
    expect(await redis.exists(key('upload-4'))).toBe(1);

    const lock = node().newLock('upload-4');
    await lock.lock(new AbortController().signal, noRelease);
    await lock.unlock();
  });

  it('keeps a live holder\'s lock past its TTL by renewing it', async () => {
    const [a, b] = [node({ ttlMs: 900 }), node({ acquireTimeoutMs: 2_500 })];
    const held = a.newLock('upload-5');
    await held.lock(new AbortController().signal, noRelease);
    // the waiter outlasts several TTLs and still does not get it
    await expect(b.newLock('upload-5').lock(new AbortController().signal, noRelease)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('stops a waiter when its request\'s signal aborts', async () => {
    const [a, b] = [node(), node()];
    const held = a.newLock('upload-6');
    await held.lock(new AbortController().signal, noRelease);

    const stop = new AbortController();
    const waiting = b.newLock('upload-6').lock(stop.signal, noRelease);
    expect(await settled(waiting, redis)).toBe(false);
    stop.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    // the holder still has it
    expect(await redis.exists(key('upload-6'))).toBe(1);
    await held.unlock();
    expect(await redis.exists(key('upload-6'))).toBe(0);
  });

  it('refuses to unlock a lock never taken, and an expired holder does not delete the next holder\'s lock', async () => {
    const a = node({ ttlMs: 300 });
    await expect(a.newLock('upload-7').unlock()).rejects.toThrow('Releasing an unlocked lock!');

    const stale = a.newLock('upload-8');
    await stale.lock(new AbortController().signal, noRelease);
    // as a node frozen past its TTL: the key is gone and another node takes it
    await redis.del(key('upload-8'));
    const next = node().newLock('upload-8');
    await next.lock(new AbortController().signal, noRelease);
    await stale.unlock();
    expect(await redis.exists(key('upload-8'))).toBe(1);
    await next.unlock();
  });
});
