/**
 * What a learner has done in a training (spec 2 §4.7): the enrollment, module
 * progress (judged by the completion rules of shared learning/completion.ts: the highest percent,
 * the last position, what was played or read, SCORM CMI data) with the module's own
 * counters qty_views / qty_progress that the admin's locks read (spec 2 §4.2), and the latest
 * certificates the cards show. Callers run the writes in a transaction and report them through
 * `app.learning.progressChanged`. A restart is `wipeTrainingProgress` (enrollments.ts), shared
 * with the restart-type tests.
 */
import type { ModuleKind } from '@lp/shared/contract';
import {
  certificateStatus, judgeModuleReport, type ModuleProgressState, type ModuleReport, type ModuleReportRefusal,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { GroupTrainingEnrollmentRow, GroupTrainingModuleProgressRow } from '../../db/tables/learning.table.ts';
import { mediaDuration } from '../../lib/mediaDuration.ts';
import { mediaKey, type FileStorage } from '../../storage/index.ts';

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

const hasProgress = (p: { percent: number; status: string; position_seconds: number } | undefined) =>
  !!p && (p.percent > 0 || p.status === 'finished' || Number(p.position_seconds) > 0);

const msOf = (time: string | null) => (time === null ? null : new Date(time).getTime());

/** What the rules judge a report against (shared learning/completion.ts), from the stored row. */
function stateOf(row: GroupTrainingModuleProgressRow): ModuleProgressState {
  return {
    openedAt: msOf(row.opened_at),
    playClock: msOf(row.play_clock),
    played: row.played ?? [],
    duration: row.media_duration === null ? null : Number(row.media_duration),
    pages: row.pages,
    page: row.page,
    percent: row.percent,
    finished: row.status === 'finished',
  };
}

export type RecordedProgress = Omit<GroupTrainingModuleProgressRow, 'cmi'>;

/** The report, judged and kept; or why the rules refuse it (nothing is written then). */
export type ModuleReportOutcome = { ok: true; row: RecordedProgress } | { ok: false; code: ModuleReportRefusal };

/**
 * Judges a player's report (or a SCORM commit, with its CMI to keep) by the completion rules of
 * the module's kind on the server's clock, and keeps it. The row is made by the first opening
 * (qty_views + 1); nothing else makes it, so a module never opened takes no report. The row keeps
 * the highest percent and the last position, turns finished once (100 %, never back), and the
 * module's qty_progress counts the learners who got anywhere in it (spec 2 §4.2).
 * `knownDuration`: a stored medium's own duration (storedMediaDuration).
 */
export async function recordModuleReport(
  db: Db, ids: { userId: number; trainingId: number; moduleId: number }, kind: ModuleKind, report: ModuleReport,
  options: { knownDuration?: number | null; cmi?: string } = {},
): Promise<ModuleReportOutcome> {
  const now = new Date();
  if (report.event === 'opened') {
    const created = await db.insertInto('group_training_module_progress')
      .values({ user_id: ids.userId, module_id: ids.moduleId, group_training_id: ids.trainingId, cmi: null, finished_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'module_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) {
      await db.updateTable('group_training_modules').set((eb) => ({ qty_views: eb('qty_views', '+', 1) })).where('id', '=', ids.moduleId).execute();
    }
  }

  let current = db.selectFrom('group_training_module_progress').selectAll().where('user_id', '=', ids.userId).where('module_id', '=', ids.moduleId);
  // two reports of one learner at once are judged one after the other (the play clock, the first progress)
  if (dialectOf(db) === 'postgres') current = current.forUpdate();
  const before = await current.executeTakeFirst();
  if (!before) return { ok: false, code: 'module_not_opened' };

  const judged = judgeModuleReport(kind, stateOf(before), report, now.getTime(), options.knownDuration ?? null);
  if (!judged.ok) return judged;
  const finished = judged.finishes;
  const { openedAt, playClock, played, duration, pages, page } = judged.state;
  const after = {
    status: finished ? 'finished' as const : 'ongoing' as const,
    percent: finished ? 100 : Math.max(before.percent, judged.percent),
    position_seconds: judged.position ?? Number(before.position_seconds),
    finished_at: before.finished_at ?? (finished ? now.toISOString() : null),
    updated_at: now.toISOString(),
    ...(openedAt !== undefined ? { opened_at: openedAt === null ? null : new Date(openedAt).toISOString() } : {}),
    ...(playClock !== undefined ? { play_clock: playClock === null ? null : new Date(playClock).toISOString() } : {}),
    ...(played !== undefined ? { played: played.map(([a, b]): [number, number] => [a, b]) } : {}),
    ...(duration !== undefined ? { media_duration: duration } : {}),
    ...(pages !== undefined ? { pages } : {}),
    ...(page !== undefined ? { page } : {}),
  };
  const { played: playedJson, ...plain } = after;
  await db.updateTable('group_training_module_progress')
    .set({ ...plain, ...(playedJson !== undefined ? { played: JSON.stringify(playedJson) } : {}), ...(options.cmi !== undefined ? { cmi: options.cmi } : {}) })
    .where('id', '=', before.id).execute();
  if (!hasProgress(before) && hasProgress(after)) {
    await db.updateTable('group_training_modules').set((eb) => ({ qty_progress: eb('qty_progress', '+', 1) })).where('id', '=', ids.moduleId).execute();
  }
  const { cmi: _cmi, ...row } = before;
  return { ok: true, row: { ...row, ...after } };
}

/**
 * The duration of a module's stored video or audio (media_objects of the client), read from the
 * file the first time and kept (a stored file is never rewritten in place); null when the module
 * has no stored file of this client or it cannot be read.
 */
export async function storedMediaDuration(db: Db, storage: FileStorage, clientId: number, resource: string | null): Promise<number | null> {
  if (!resource) return null;
  const stored = await db.selectFrom('media_objects').select(['id', 'duration', 'extension'])
    .where('client_id', '=', clientId).where('resource', '=', resource).executeTakeFirst();
  if (!stored) return null;
  if (stored.duration !== null) return Number(stored.duration);
  let key: string;
  try {
    key = mediaKey(resource);
  } catch {
    return null;
  }
  const seconds = await storage.readWith(key, (file) => mediaDuration(file, stored.extension));
  if (seconds !== null) await db.updateTable('media_objects').set({ duration: seconds }).where('id', '=', stored.id).execute();
  return seconds;
}

export async function findModuleProgress(db: Db, userId: number, moduleId: number): Promise<GroupTrainingModuleProgressRow | undefined> {
  return db.selectFrom('group_training_module_progress').selectAll().where('user_id', '=', userId).where('module_id', '=', moduleId).executeTakeFirst();
}
