/**
 * spec 2 §4.6 scheduled unpublish: job 'trainings.unpublish_due' unpublishes
 * the content whose unpublish date has come — trainings (unpublish_date), trails
 * (date_to_unpublish, "as for trainings"), webcasts (unpublish_date, spec 2 §3.11) and live
 * classes (date_to_unpublish, spec 3 §3) — then
 * schedules itself for the next hour. The dedupe key names the hour it runs for, so however
 * many nodes start, one run per hour waits.
 * The job keeps its first name: queued runs are stored under it.
 */
import { toApiDate } from '@lp/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { unpublishDueTrainings } from '../repositories/trainings.ts';
import { unpublishDueTrails } from '../repositories/trails.ts';
import { unpublishDueLiveClasses } from '../repositories/liveClasses/classes.ts';
import { unpublishDueWebcasts } from '../repositories/webcasts.ts';

export const UNPUBLISH_DUE_JOB = 'trainings.unpublish_due';
export const HOUR_MS = 60 * 60 * 1000;

/** Each kind of content with an unpublish date: unpublishes what is due on `today` (YYYY-MM-DD), answers how many. */
const DUE_UNPUBLISHERS: ReadonlyArray<(db: Db, today: string) => Promise<number>> = [
  unpublishDueTrainings, unpublishDueTrails, unpublishDueWebcasts, unpublishDueLiveClasses,
];

/** '2026-11-22T10': the hour a run belongs to (UTC). */
export const hourSlot = (at: Date): string => at.toISOString().slice(0, 13);
const dedupeKey = (slot: string) => `${UNPUBLISH_DUE_JOB}@${slot}`;

export async function scheduleUnpublishDue(app: FastifyInstance, at: Date): Promise<void> {
  const delayMs = Math.max(0, at.getTime() - Date.now());
  await app.jobs.enqueue(UNPUBLISH_DUE_JOB, { slot: hourSlot(at) }, { dedupeKey: dedupeKey(hourSlot(at)), delayMs });
}

/** The handler's work: unpublish what is due on `now`'s calendar day (UTC); the count over every kind. */
export async function runUnpublishDue(app: FastifyInstance, now = new Date()): Promise<number> {
  const today = toApiDate(now);
  let count = 0;
  for (const unpublishDue of DUE_UNPUBLISHERS) count += await unpublishDue(app.db, today);
  return count;
}
