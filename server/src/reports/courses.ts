import { sql } from 'kysely';
import { ADMIN_RESOURCES, CONTENT_STATUS, COURSES_REPORT_PATH, CoursesReportRequest } from '@lp/shared/contract';
import { FINISHED_ATTEMPT_STATUSES } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { trainingPercents } from '../repositories/learner/activities.ts';
import { defineReport } from './definition.ts';
import { contentStatusWord, currentCertificates, titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const COLUMNS = [
  { field: 'training_id', label: `${C}.training_id`, width: 10 },
  { field: 'training', label: `${C}.training`, width: 40 },
  { field: 'training_status', label: `${C}.content_status`, width: 14 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'enrollment_status', label: `${C}.enrollment_status`, width: 16 },
  { field: 'progress', label: `${C}.progress`, width: 12 },
  { field: 'best_score', label: `${C}.best_score`, width: 14 },
  { field: 'attempts', label: `${C}.attempts`, width: 12 },
  { field: 'started_at', label: `${C}.started_at`, width: 20, date: true },
  { field: 'completed_at', label: `${C}.completed_at`, width: 20, date: true },
  { field: 'last_activity_at', label: `${C}.last_activity_at`, width: 20, date: true },
  { field: 'certificate_code', label: `${C}.certificate_code`, width: 30 },
  { field: 'certificate_issued_at', label: `${C}.certificate_issued_at`, width: 20, date: true },
  { field: 'certificate_expires_at', label: `${C}.certificate_expires_at`, width: 20, date: true },
] as const;

/** Each learner's best score and number of finished attempts in the training's tests. */
async function testResults(db: Db, trainingId: number, userIds: number[]): Promise<Map<number, { best: number; attempts: number }>> {
  const rows = await db.selectFrom('group_training_test_results as r').innerJoin('group_training_tests as t', 't.id', 'r.test_id')
    .select(['r.user_id', sql<number | string>`max(r.score)`.as('best'), sql<number | string>`count(*)`.as('attempts')])
    .where('t.owner_id', '=', trainingId).where('r.user_id', 'in', userIds).where('r.status', 'in', [...FINISHED_ATTEMPT_STATUSES])
    .groupBy('r.user_id').execute();
  return new Map(rows.map((r) => [r.user_id, { best: Number(r.best), attempts: Number(r.attempts) }]));
}

/**
 * The trainings report, key `courses` (spec 1 §3.1; spec 2 §4.6–4.10): the trainings the list shows
 * with the same filters, one row per enrolled learner with their standing (spec 2 §4.7 words),
 * percent done as the catalogue shows it, best test score and finished attempts, the dates, and the
 * current certificate; one row for a training nobody is enrolled in.
 */
export const coursesReport = defineReport({
  key: 'courses',
  path: COURSES_REPORT_PATH,
  title: ADMIN_RESOURCES.trainings.title,
  permissions: [ADMIN_RESOURCES.trainings.title, 'reports'],
  body: CoursesReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (g: { id: number; title: string; status: number }) => ({ training_id: g.id, training: g.title, training_status: t(contentStatusWord(g.status)) });
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('group_trainings').select(['id', 'title', 'status'])
          .where('client_id', '=', clientId).where('id', '>', afterId);
        // the list's reading (routes/trainings/basicData.ts): deleted trainings only when asked for
        query = filters.status !== undefined ? query.where('status', '=', filters.status) : query.where('status', '!=', CONTENT_STATUS.deleted);
        if (filters.search) query = query.where(titleContains('title', filters.search));
        return query.orderBy('id').limit(limit).execute();
      },
      learners: (g, after, limit) => db.selectFrom('group_training_enrollments as e').innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['e.id', 'e.user_id', 'e.status', 'e.started_at', 'e.completed_at', 'e.last_activity_at', 'u.full_name', 'u.email'])
        .where('e.group_training_id', '=', g.id).where('e.id', '>', after).orderBy('e.id').limit(limit).execute(),
      keyOf: (e) => e.id,
      alone: base,
      async rows(g, enrollments) {
        const userIds = enrollments.map((e) => e.user_id);
        const [percents, results, certificates] = await Promise.all([
          trainingPercents(db, g.id, userIds), testResults(db, g.id, userIds), currentCertificates(db, clientId, 'training', g.id, userIds),
        ]);
        return enrollments.map((e) => ({
          ...base(g),
          learner: e.full_name,
          email: e.email,
          enrollment_status: t(`reports.enrollment_status.${e.status}`),
          progress: percents.get(e.user_id) ?? 0,
          best_score: results.get(e.user_id)?.best ?? null,
          attempts: results.get(e.user_id)?.attempts ?? 0,
          started_at: when(e.started_at),
          completed_at: when(e.completed_at),
          last_activity_at: when(e.last_activity_at),
          ...certificates.get(e.user_id),
        }));
      },
    });
  },
});
