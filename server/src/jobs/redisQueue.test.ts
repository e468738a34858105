import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisQueue } from './redisQueue.ts';
import type { JobQueue } from './types.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = Fastify({ logger: false }).log;

/** A handler the test holds: it says when it runs, and ends when released. */
function heldJob() {
  const runs: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let started!: () => void;
  const running = new Promise<void>((resolve) => { started = resolve; });
  return {
    runs, release, running,
    handler: (node: string) => async () => {
      runs.push(node);
      started();
      await released;
    },
  };
}

/** a graceful shutdown (SIGTERM, server.ts) of a node whose worker is running a job */
describe('BullMQ queue close', () => {
  const opened: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of opened.splice(0)) await queue.close();
  });

  it('lets the running job finish within its grace: done once, never taken up again', async () => {
    const prefix = `lp-test-${randomBytes(4).toString('hex')}`;
    const job = heldJob();
    const leaving = createRedisQueue(REDIS_URL, prefix, log, { lockMs: 1000, closeGraceMs: 600_000 });
    leaving.define('held', job.handler('leaving'));
    leaving.start();
    await leaving.enqueue('held', {});
    await job.running;

    let closed = false;
    const closing = leaving.close().then(() => { closed = true; });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    job.release();
    await closing;

    const other = createRedisQueue(REDIS_URL, prefix, log, { lockMs: 1000 });
    opened.push(other);
    other.define('held', job.handler('other'));
    other.start();
    await other.idle();
    expect(job.runs).toEqual(['leaving']);
  });

  it('lets go of a job still running after its grace: the close completes and another worker takes the job up', async () => {
    const prefix = `lp-test-${randomBytes(4).toString('hex')}`;
    const job = heldJob();
    const leaving = createRedisQueue(REDIS_URL, prefix, log, { lockMs: 1000, closeGraceMs: 0 });
    leaving.define('held', job.handler('leaving'));
    leaving.start();
    await leaving.enqueue('held', {});
    await job.running;

    // the handler never ends, and the close does not wait for it
    await leaving.close();
    const inspect = new Queue('jobs', { connection: { url: REDIS_URL }, prefix });
    try {
      expect(await inspect.getJobCounts('active')).toEqual({ active: 1 });
    } finally {
      await inspect.close();
    }

    const taken = heldJob();
    const other = createRedisQueue(REDIS_URL, prefix, log, { lockMs: 1000 });
    opened.push(other);
    other.define('held', taken.handler('other'));
    other.start();
    // its lock runs out (lockMs), the other worker's stalled check moves it back and runs it
    await taken.running;
    taken.release();
    await other.idle();
    expect(taken.runs).toEqual(['other']);
    job.release();
  });
});
