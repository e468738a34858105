import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Queue, Worker, type Job } from 'bullmq';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueOptions, type JobHandler, type JobQueue, type QueueStats } from './types.ts';

const QUEUE_NAME = 'jobs';

export interface RedisQueueOptions {
  /** first retry delay of a failed job */
  retryBaseMs?: number;
  /** a running job's lock; a node that dies holding one lets it go after this (see start()) */
  lockMs?: number;
  /**
   * On close, how long a running job may go on before the worker lets go of it (default 5 s, half
   * of server.ts's force-exit): the job keeps its lock until `lockMs` runs out, then another node
   * takes it up as after a SIGKILL (the import engine from its last committed batch).
   */
  closeGraceMs?: number;
}

/** BullMQ over REDIS_URL: the scale-out queue (DESIGN "Jobs and mail"); same contract as the table queue. */
export function createRedisQueue(redisUrl: string, prefix: string, log: FastifyBaseLogger, options: RedisQueueOptions = {}): JobQueue {
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const lockMs = options.lockMs ?? 30_000;
  const closeGraceMs = options.closeGraceMs ?? 5000;
  // BullMQ's blocking worker connection must never give up on a request
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  const handlers = new Map<string, JobHandler<object>>();
  let worker: Worker | null = null;
  let active = 0;
  /** resolved when the running jobs are done (close waits on it) */
  let settled: (() => void) | null = null;

  async function run(job: Job, token?: string): Promise<void> {
    const handler = handlers.get(job.name);
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    active += 1;
    try {
      await handler(job.data as object, {
        attempt: job.attemptsMade + 1,
        log: log.child({ job: job.name, jobId: job.id }),
        heartbeat: async () => {
          if (token) await job.extendLock(token, lockMs);
        },
      });
    } finally {
      active -= 1;
      if (active === 0) settled?.();
    }
  }

  return {
    kind: 'redis',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async enqueue(name, payload, opts: EnqueueOptions = {}) {
      await queue.add(name, payload, {
        // a custom job id is BullMQ's dedupe: adding an id that still exists is ignored
        ...(opts.dedupeKey ? { jobId: opts.dedupeKey.replace(/:/g, '_') } : {}),
        attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoff: { type: 'exponential', delay: retryBaseMs },
        delay: opts.delayMs ?? 0,
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      });
    },
    start() {
      if (worker) return;
      // a killed node stops renewing its locks: every worker checks for expired ones each
      // stalledInterval and moves those jobs back to waiting, so another node resumes them
      // (the import engine from its last committed batch); `name` is the job's processedBy
      worker = new Worker(QUEUE_NAME, run, {
        connection, prefix, concurrency: 1, lockDuration: lockMs, stalledInterval: lockMs, name: `${os.hostname()}:${process.pid}`,
      });
      worker.on('failed', (job, err) => log.error({ err, job: job?.name, jobId: job?.id }, 'job failed'));
      worker.on('error', (err) => log.error({ err }, 'job worker error'));
    },
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
        const pending = Object.values(counts).reduce((a, b) => a + b, 0);
        if (pending === 0 && active === 0) return;
        if (Date.now() > deadline) throw new Error('job queue did not become idle');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stats(): Promise<QueueStats> {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'active');
      // oldest first: the job that has waited longest
      const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
      return {
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        running: counts.active ?? 0,
        oldestWaitingSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp - (oldest.delay ?? 0)) / 1000) : 0,
      };
    },
    async close() {
      if (worker) {
        // no new job is taken; the running one has its grace to finish (BullMQ's own close would wait for it without end)
        await worker.pause(true);
        let timer: NodeJS.Timeout | undefined;
        const done = active === 0 || await Promise.race([
          new Promise<true>((resolve) => { settled = () => resolve(true); }),
          new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), closeGraceMs); }),
        ]);
        clearTimeout(timer);
        if (!done) log.warn({ closeGraceMs }, 'a job is still running at shutdown: its lock runs out and another worker takes it up');
        await worker.close(!done);
      }
      await queue.close();
    },
  };
}
