import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseQueue } from '../src/jobs/databaseQueue.ts';
import { LEARNER_NOTICES_JOB } from '../src/notices/learnerNotices.ts';
import { notify } from '../src/repositories/notifications.ts';
import { UNPUBLISH_DUE_JOB } from '../src/trainings/unpublishJob.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** DESIGN "Jobs and mail": the jobs table without Redis, BullMQ with it; one contract. */
const QUEUES = [
  ...DIALECTS.map((dialect) => ({ label: `table queue on ${dialect}`, dialect, redis: false })),
  { label: 'BullMQ on sqlite', dialect: 'sqlite' as const, redis: true },
];

describe.each(QUEUES)('$label', ({ dialect, redis }) => {
  let t: TestApp;
  const seen: Array<{ n: number; attempt: number }> = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      jobRetryBaseMs: 20,
      ...(redis ? { redisUrl: REDIS_URL, redisPrefix: `lp-test-${randomBytes(4).toString('hex')}` } : {}),
    });
    t.app.jobs.define<{ n: number }>('probe', async (payload, ctx) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('transient');
      }
      await ctx.heartbeat();
      seen.push({ n: payload.n, attempt: ctx.attempt });
    });
  });
  afterAll(async () => { await t.close(); });

  it('uses the queue the configuration asks for', () => {
    expect(t.app.jobs.kind).toBe(redis ? 'redis' : 'database');
  });

  it('runs an enqueued job with its payload', async () => {
    seen.length = 0;
    await t.app.jobs.enqueue('probe', { n: 1 });
    await t.app.jobs.idle();
    expect(seen).toEqual([{ n: 1, attempt: 1 }]);
  });

  it('retries a job that throws, then succeeds', async () => {
    seen.length = 0;
    failuresLeft = 2;
    await t.app.jobs.enqueue('probe', { n: 2 });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen[0]).toEqual({ n: 2, attempt: 3 });
  });

  it('does not queue the same keyed work twice while it waits', async () => {
    seen.length = 0;
    await Promise.all([1, 2, 3].map(() => t.app.jobs.enqueue('probe', { n: 3 }, { dedupeKey: 'probe:3', delayMs: 200 })));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([{ n: 3, attempt: 1 }]);
  });

  it.skipIf(redis)('deletes done jobs past their keeping as it finishes jobs; newer and failed ones stay', async () => {
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    const row = (status: 'done' | 'failed', finished: Date) => ({
      name: 'kept', payload: JSON.stringify({}), status, attempts: 1, max_attempts: 3, dedupe_key: null,
      run_at: finished, locked_until: null, last_error: null, created_at: finished, finished_at: finished,
    });
    const inserted = await t.app.db.insertInto('jobs').values([row('done', old), row('failed', old), row('done', new Date())]).returning('id').execute();
    const ids = inserted.map((r) => r.id);
    // a queue of its own, purging after every job, beside the app's (which does not know 'purge-probe')
    const queue = createDatabaseQueue(t.app.db, t.app.log, { pollMs: 20, purgeEveryMs: 0 });
    let ran = 0;
    queue.define('purge-probe', async () => {
      ran += 1;
    });
    queue.start();
    try {
      await queue.enqueue('purge-probe', {});
      await expect.poll(() => ran, { timeout: 10_000 }).toBe(1);
      await queue.idle();
      const left = await t.app.db.selectFrom('jobs').select('id').where('id', 'in', ids).orderBy('id').execute();
      expect(left.map((r) => r.id)).toEqual([ids[1], ids[2]]);
    } finally {
      await queue.close();
    }
  });

  it.skipIf(redis)('takes over a job whose worker died (lease ran out)', async () => {
    seen.length = 0;
    const past = new Date(Date.now() - 60_000);
    await t.app.db.insertInto('jobs').values({
      name: 'probe', payload: JSON.stringify({ n: 4 }), status: 'running', attempts: 1, max_attempts: 3, dedupe_key: null,
      run_at: past, locked_until: past, last_error: null, created_at: past, finished_at: null,
    }).execute();
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen[0]).toEqual({ n: 4, attempt: 2 });
  });
});

describe.each(DIALECTS)('notifications on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect); });
  afterAll(async () => { await t.close(); });

  it('lists the user own notifications, newest first, and marks them read', async () => {
    const learner = await t.app.db.selectFrom('users').select(['id', 'selected_client_id']).where('email', '=', 'learner@demo.local').executeTakeFirstOrThrow();
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    await notify(t.app.db, { userId: learner.id, clientId: learner.selected_client_id, kind: 'import_finished', payload: { id: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    await notify(t.app.db, { userId: learner.id, clientId: null, kind: 'report_ready', payload: { link: '/x' } });
    await notify(t.app.db, { userId: admin.id, clientId: null, kind: 'report_ready', payload: {} });

    const tokens = await login(t.app, 'learner@demo.local', 'Learner#2026!');
    const list = await t.app.inject({ url: '/api/notifications/', headers: bearer(tokens) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.count).toBe(2);
    expect(body.unread).toBe(2);
    expect(body.results.map((n: { kind: string }) => n.kind)).toEqual(['report_ready', 'import_finished']);

    const first = body.results[0].id as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${first}/read/`, headers: bearer(tokens) })).statusCode).toBe(200);
    const unread = await t.app.inject({ url: '/api/notifications/?unread=true', headers: bearer(tokens) });
    expect(unread.json().count).toBe(1);

    // someone else's notification is not found, not marked
    const other = await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', admin.id).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${other.id}/read/`, headers: bearer(tokens) })).statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url: '/api/notifications/read_all/', headers: bearer(tokens) });
    expect((await t.app.inject({ url: '/api/notifications/', headers: bearer(tokens) })).json().unread).toBe(0);
  });

  it('requires a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/notifications/' })).statusCode).toBe(401);
  });
});

describe('the calendar jobs on start (sqlite)', () => {
  const started = async (calendarJobs: boolean) => {
    const t = await buildTestApp('sqlite', { calendarJobs });
    try {
      const rows = await t.app.db.selectFrom('jobs').select('name').where('name', 'in', [UNPUBLISH_DUE_JOB, LEARNER_NOTICES_JOB]).execute();
      return rows.map((r) => r.name).sort();
    } finally {
      await t.close();
    }
  };

  it('a node starts the hourly unpublish and learner-notice runs; a test app does not (its seed may be from yesterday)', async () => {
    expect(await started(true)).toEqual([LEARNER_NOTICES_JOB, UNPUBLISH_DUE_JOB].sort());
    expect(await started(false)).toEqual([]);
  });
});
