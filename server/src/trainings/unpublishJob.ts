/**
 * spec 2 §4.6 scheduled unpublish (issue 4 item 11): job 'trainings.unpublish_due' unpublishes
 * the trainings whose unpublish_date has come, then schedules itself for the next hour. The
 * dedupe key names the hour it runs for, so however many nodes start, one run per hour waits.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unpublishDueTrainings } from '../repositories/trainings.ts';

export const UNPUBLISH_DUE_JOB = 'trainings.unpublish_due';
const HOUR_MS = 60 * 60 * 1000;

/** '2026-11-22T10': the hour a run belongs to (UTC). */
export const hourSlot = (at: Date): string => at.toISOString().slice(0, 13);
const dedupeKey = (slot: string) => `${UNPUBLISH_DUE_JOB}@${slot}`;

export async function scheduleUnpublishDue(app: FastifyInstance, at: Date): Promise<void> {
  const delayMs = Math.max(0, at.getTime() - Date.now());
  await app.jobs.enqueue(UNPUBLISH_DUE_JOB, { slot: hourSlot(at) }, { dedupeKey: dedupeKey(hourSlot(at)), delayMs });
}

/** The handler's work: unpublish what is due on `now`'s calendar day (UTC). */
export async function runUnpublishDue(app: FastifyInstance, now = new Date()): Promise<number> {
  return unpublishDueTrainings(app.db, now.toISOString().slice(0, 10));
}

export default fp(async (app) => {
  app.jobs.define<{ slot?: string }>(UNPUBLISH_DUE_JOB, async (_payload, ctx) => {
    const count = await runUnpublishDue(app);
    if (count > 0) ctx.log.info({ count }, 'trainings unpublished on their unpublish date');
    const next = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await scheduleUnpublishDue(app, next);
  });
  // on start: one run now (deduplicated per hour across nodes), which then repeats hourly
  app.addHook('onReady', async () => {
    if (app.config.runJobs) await scheduleUnpublishDue(app, new Date());
  });
}, { name: 'trainings-unpublish-job', dependencies: ['jobs'] });
