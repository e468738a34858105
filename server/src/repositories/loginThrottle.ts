import type { Db } from '../db/database.ts';

export interface ThrottlePolicy {
  maxFailures: number;
  lockSeconds: number;
}

/** Seconds the key stays locked, or 0. */
export async function lockedFor(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('login_failures').select('locked_until').where('key', '=', key).executeTakeFirst();
  if (!row?.locked_until) return 0;
  const ms = new Date(row.locked_until).getTime() - Date.now();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** Counts a failure inside the lock window; at maxFailures the key locks for lockSeconds. */
export async function recordFailure(db: Db, key: string, policy: ThrottlePolicy): Promise<void> {
  const now = new Date();
  const row = await db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
  const windowStart = new Date(now.getTime() - policy.lockSeconds * 1000);
  const fresh = !row || new Date(row.first_failure_at) < windowStart || (row.locked_until && new Date(row.locked_until) <= now);
  const failures = fresh ? 1 : row.failures + 1;
  const lockedUntil = failures >= policy.maxFailures ? new Date(now.getTime() + policy.lockSeconds * 1000) : null;
  await db.insertInto('login_failures')
    .values({ key, failures, first_failure_at: now, locked_until: lockedUntil })
    .onConflict((oc) => oc.column('key').doUpdateSet({
      failures,
      locked_until: lockedUntil,
      ...(fresh ? { first_failure_at: now } : {}),
    }))
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Failures counted for the key inside the current window (spec 1 §5.5: the captcha after repeated failures). */
export async function recentFailures(db: Db, key: string, windowSeconds: number): Promise<number> {
  const row = await db.selectFrom('login_failures').select(['failures', 'first_failure_at']).where('key', '=', key).executeTakeFirst();
  if (!row || new Date(row.first_failure_at).getTime() < Date.now() - windowSeconds * 1000) return 0;
  return row.failures;
}
