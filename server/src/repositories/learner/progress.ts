/**
 * What a learner has done in a training (spec 2 §4.7): the enrollment, module
 * progress (the highest percent, the last position, SCORM CMI data) with the module's own
 * counters qty_views / qty_progress that the admin's locks read (spec 2 §4.2), and the latest
 * certificates the cards show. Callers run the writes in a transaction and report them through
 * `app.learning.progressChanged`. A restart is `wipeTrainingProgress` (enrollments.ts), shared
 * with the restart-type tests.
 */
import { certificateStatus } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { GroupTrainingEnrollmentRow, GroupTrainingModuleProgressRow } from '../../db/tables/learning.table.ts';

export async function findEnrollment(db: Db, userId: number, trainingId: number): Promise<GroupTrainingEnrollmentRow | undefined> {
  return db.selectFrom('group_training_enrollments').selectAll()
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
}

export async function enrollmentsOf(db: Db, userId: number, trainingIds: readonly number[]): Promise<Map<number, GroupTrainingEnrollmentRow>> {
  if (trainingIds.length === 0) return new Map();
  const rows = await db.selectFrom('group_training_enrollments').selectAll()
    .where('user_id', '=', userId).where('group_training_id', 'in', [...trainingIds]).execute();
  return new Map(rows.map((r) => [r.group_training_id, r]));
}

/** The enrollment, made on the learner's first activity (a concurrent first one is not doubled). */
export async function ensureEnrollment(db: Db, userId: number, trainingId: number): Promise<GroupTrainingEnrollmentRow> {
  const now = new Date();
  await db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: now, last_activity_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doNothing())
    .execute();
  await db.updateTable('group_training_enrollments').set({ last_activity_at: now })
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).execute();
  return (await findEnrollment(db, userId, trainingId))!;
}

export interface LatestCertificate {
  id: number;
  status: 'valid' | 'expired';
  earned_in: string;
  expires_at: string | null;
}

/** The latest certificate that is not superseded, per content (a renewal supersedes the older one, spec 2 §4.9). */
export async function latestCertificates(
  db: Db, clientId: number, userId: number, contentType: 'training' | 'trail', ids: readonly number[], now: Date = new Date(),
): Promise<Map<number, LatestCertificate>> {
  const out = new Map<number, LatestCertificate>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('certificates').select(['id', 'content_id', 'issued_at', 'expires_at'])
    .where('client_id', '=', clientId).where('user_id', '=', userId).where('content_type', '=', contentType)
    .where('content_id', 'in', [...ids]).where('superseded_at', 'is', null)
    .orderBy('issued_at', 'desc').orderBy('id', 'desc')
    .execute();
  for (const r of rows) {
    if (out.has(r.content_id)) continue;
    const expires = r.expires_at;
    out.set(r.content_id, { id: r.id, status: certificateStatus(expires, now), earned_in: r.issued_at, expires_at: expires });
  }
  return out;
}

/** What a player report or a SCORM commit changes. */
export interface ProgressReport {
  percent: number | null;
  positionSeconds: number | null;
  /** the module is done by this report (the shared rules decided it) */
  finishes: boolean;
  /** SCORM: the CMI to keep, as its JSON text */
  cmi?: string;
}

const hasProgress = (p: { percent: number; status: string; position_seconds: number } | undefined) =>
  !!p && (p.percent > 0 || p.status === 'finished' || Number(p.position_seconds) > 0);

/**
 * Records a report on a module: the row is made on the first open (qty_views + 1), keeps the
 * highest percent and the last position, turns finished once (100 %, never back), and the
 * module's qty_progress counts the learners who got anywhere in it.
 */
export async function recordModuleProgress(
  db: Db, ids: { userId: number; trainingId: number; moduleId: number }, report: ProgressReport,
): Promise<Omit<GroupTrainingModuleProgressRow, 'cmi'>> {
  const now = new Date();
  const created = await db.insertInto('group_training_module_progress')
    .values({ user_id: ids.userId, module_id: ids.moduleId, group_training_id: ids.trainingId, cmi: null, finished_at: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'module_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) {
    await db.updateTable('group_training_modules').set((eb) => ({ qty_views: eb('qty_views', '+', 1) })).where('id', '=', ids.moduleId).execute();
  }

  let current = db.selectFrom('group_training_module_progress').selectAll().where('user_id', '=', ids.userId).where('module_id', '=', ids.moduleId);
  // two reports of one learner at once must not both count the first progress
  if (dialectOf(db) === 'postgres') current = current.forUpdate();
  const before = await current.executeTakeFirstOrThrow();

  const finished = before.status === 'finished' || report.finishes;
  const percent = finished ? 100 : Math.max(before.percent, report.percent ?? 0);
  const after = {
    status: finished ? 'finished' as const : 'ongoing' as const,
    percent,
    position_seconds: report.positionSeconds ?? Number(before.position_seconds),
    finished_at: before.finished_at ?? (finished ? now.toISOString() : null),
    updated_at: now.toISOString(),
  };
  await db.updateTable('group_training_module_progress').set({ ...after, ...(report.cmi !== undefined ? { cmi: report.cmi } : {}) })
    .where('id', '=', before.id).execute();
  if (!hasProgress(before) && hasProgress(after)) {
    await db.updateTable('group_training_modules').set((eb) => ({ qty_progress: eb('qty_progress', '+', 1) })).where('id', '=', ids.moduleId).execute();
  }
  const { cmi: _cmi, ...row } = before;
  return { ...row, ...after };
}

export async function findModuleProgress(db: Db, userId: number, moduleId: number): Promise<GroupTrainingModuleProgressRow | undefined> {
  return db.selectFrom('group_training_module_progress').selectAll().where('user_id', '=', userId).where('module_id', '=', moduleId).executeTakeFirst();
}
