import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { DEFAULT_MAX_ATTEMPTS, retryDelayMs, type EnqueueOptions, type JobHandler, type JobQueue, type QueueStats } from './types.ts';

export interface DatabaseQueueOptions {
  pollMs?: number;
  /** how long a claimed job is ours without a heartbeat */
  leaseMs?: number;
  retryBaseMs?: number;
  /** how long finished (done) jobs are kept, for a look at what ran */
  keepDoneMs?: number;
  /** how often a process deletes the done jobs past their keeping */
  purgeEveryMs?: number;
}

/** A week of finished jobs is kept; a minutely sweep alone would add 1,440 rows a day otherwise. */
const KEEP_DONE_MS = 7 * 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;

/**
 * The queue without Redis: a jobs table polled by one worker per process. A claim is a
 * conditional UPDATE, so several processes on one Postgres never run a job twice at once;
 * a job whose worker died is taken again when its lease runs out (resumed after restart).
 */
export function createDatabaseQueue(db: Kysely<Database>, log: FastifyBaseLogger, options: DatabaseQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const handlers = new Map<string, JobHandler<object>>();
  let running = false;
  let busy = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;

  const leaseEnd = () => new Date(Date.now() + leaseMs);
  const keepDoneMs = options.keepDoneMs ?? KEEP_DONE_MS;
  const purgeEveryMs = options.purgeEveryMs ?? PURGE_EVERY_MS;
  let purgedAt = -Infinity;

  /** Done jobs past their keeping go, at most once an hour per process (failed ones stay to be looked at). */
  async function purgeDone() {
    if (Date.now() - purgedAt < purgeEveryMs) return;
    purgedAt = Date.now();
    await db.deleteFrom('jobs').where('status', '=', 'done').where('finished_at', '<', new Date(Date.now() - keepDoneMs).toISOString()).execute();
  }

  async function claim(): Promise<{ id: number; name: string; payload: object; attempts: number; max_attempts: number } | null> {
    for (let tries = 0; tries < 5; tries += 1) {
      const now = new Date().toISOString();
      const candidate = await db.selectFrom('jobs')
        .select(['id', 'status'])
        .where((eb) => eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]))
        .where('name', 'in', [...handlers.keys()])
        .orderBy('run_at').orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const result = await db.updateTable('jobs')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: leaseEnd() }))
        .where('id', '=', candidate.id)
        .where('status', '=', candidate.status)
        .where((eb) => (candidate.status === 'running' ? eb('locked_until', '<', now) : eb.lit(true)))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        return db.selectFrom('jobs').select(['id', 'name', 'payload', 'attempts', 'max_attempts'])
          .where('id', '=', candidate.id).executeTakeFirstOrThrow();
      }
    }
    return null;
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.name);
    if (!handler) return true;
    const jobLog = log.child({ job: job.name, jobId: job.id });
    const heartbeat = async () => {
      await db.updateTable('jobs').set({ locked_until: leaseEnd() }).where('id', '=', job.id).execute();
    };
    try {
      await handler(job.payload, { attempt: job.attempts, log: jobLog, heartbeat });
      await db.updateTable('jobs').set({ status: 'done', locked_until: null, finished_at: new Date(), last_error: null })
        .where('id', '=', job.id).execute();
      await purgeDone();
    } catch (error) {
      const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
      const final = job.attempts >= job.max_attempts;
      jobLog.error({ err: error, attempt: job.attempts, final }, 'job failed');
      await db.updateTable('jobs').set(final
        ? { status: 'failed', locked_until: null, finished_at: new Date(), last_error: message }
        : { status: 'queued', locked_until: null, run_at: new Date(Date.now() + retryDelayMs(job.attempts, options.retryBaseMs)), last_error: message })
        .where('id', '=', job.id).execute();
    }
    return true;
  }

  async function drain(): Promise<void> {
    busy = true;
    try {
      while (running && (await runOne()));
    } catch (error) {
      log.error({ err: error }, 'job worker error');
    } finally {
      busy = false;
    }
  }

  function schedule(delay: number) {
    if (!running || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (busy) return schedule(pollMs);
      loop = drain().finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  async function runnableCount(): Promise<number> {
    const now = new Date().toISOString();
    const row = await db.selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
        eb('status', '=', 'running'),
      ]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    kind: 'database',
    define(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async enqueue(name, payload, opts: EnqueueOptions = {}) {
      try {
        await db.insertInto('jobs').values({
          name,
          payload: JSON.stringify(payload),
          status: 'queued',
          max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          dedupe_key: opts.dedupeKey ?? null,
          run_at: new Date(Date.now() + (opts.delayMs ?? 0)),
          locked_until: null,
          last_error: null,
          created_at: new Date(),
          finished_at: null,
        }).execute();
      } catch (error) {
        // the partial unique index on dedupe_key: the same work is already waiting or running
        if (opts.dedupeKey && isUniqueViolation(error)) return;
        throw error;
      }
      if (running && !busy) {
        if (timer) clearTimeout(timer);
        timer = null;
        schedule(0);
      }
    },
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async idle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await runnableCount()) > 0 || busy) {
        if (Date.now() > deadline) throw new Error('job queue did not become idle');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stats(): Promise<QueueStats> {
      const now = new Date();
      const rows = await db.selectFrom('jobs')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.min('run_at').as('oldest')])
        .where((eb) => eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now.toISOString())]),
          eb('status', '=', 'running'),
        ]))
        .groupBy('status')
        .execute();
      const waiting = rows.find((r) => r.status === 'queued');
      const oldest = waiting?.oldest ? new Date(waiting.oldest as string | Date).getTime() : null;
      return {
        waiting: Number(waiting?.n ?? 0),
        running: Number(rows.find((r) => r.status === 'running')?.n ?? 0),
        oldestWaitingSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
      };
    },
    async close() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop;
    },
  };
}
