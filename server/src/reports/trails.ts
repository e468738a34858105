import { ADMIN_RESOURCES, TRAILS_REPORT_PATH, TrailsReportRequest } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { moduleKey, moduleProgress, trailModules, type TrailModule } from '../learning/trailProgress.ts';
import { trailPercentOf } from '@lp/shared/rules';
import { trainingPercents } from '../repositories/learner/activities.ts';
import { trailAdminListQuery } from '../repositories/trails.ts';
import { defineReport } from './definition.ts';
import { contentStatusWord, currentCertificates, titleContains, walkContent, when } from './queries.ts';

const C = 'reports.columns';
const COLUMNS = [
  { field: 'trail_id', label: `${C}.trail_id`, width: 10 },
  { field: 'trail', label: `${C}.trail`, width: 40 },
  { field: 'trail_status', label: `${C}.content_status`, width: 14 },
  { field: 'learner', label: `${C}.learner`, width: 32 },
  { field: 'email', label: `${C}.email`, width: 32 },
  { field: 'enrollment_status', label: `${C}.enrollment_status`, width: 16 },
  { field: 'progress', label: `${C}.progress`, width: 12 },
  { field: 'modules_completed', label: `${C}.modules_completed`, width: 16 },
  { field: 'modules_total', label: `${C}.modules_total`, width: 16 },
  { field: 'started_at', label: `${C}.started_at`, width: 20, date: true },
  { field: 'completed_at', label: `${C}.completed_at`, width: 20, date: true },
  { field: 'certificate_code', label: `${C}.certificate_code`, width: 30 },
  { field: 'certificate_issued_at', label: `${C}.certificate_issued_at`, width: 20, date: true },
  { field: 'certificate_expires_at', label: `${C}.certificate_expires_at`, width: 20, date: true },
] as const;

/**
 * Each learner's percent in the trail as the portal shows it (the mean of its modules' percents,
 * repositories/learner/trails.ts: a training's by its activities, another kind's by what its module
 * recorded) and how many of the modules they have done, each by its kind's rule.
 */
async function trailStandings(db: Db, modules: readonly TrailModule[], userIds: number[]) {
  const trainings = modules.filter((m) => m.kind === 'training');
  const [percents, progress] = await Promise.all([
    Promise.all(trainings.map((m) => trainingPercents(db, m.itemId, userIds))),
    Promise.all(userIds.map((userId) => moduleProgress(db, userId, modules))),
  ]);
  const trainingPercent = new Map(trainings.map((m, i) => [moduleKey(m), percents[i]!]));
  return new Map(userIds.map((userId, u) => {
    const done = progress[u]!;
    const perModule = modules.map((m) => {
      // as moduleStandings: a training by its activities, another kind 100 once done
      if (m.kind === 'training') return trainingPercent.get(moduleKey(m))?.get(userId) ?? 0;
      const record = done.get(moduleKey(m));
      return record?.done ? 100 : record?.percent ?? 0;
    });
    return [userId, {
      percent: trailPercentOf(perModule),
      completed: modules.filter((m) => done.get(moduleKey(m))?.done === true).length,
    }];
  }));
}

/**
 * The trails report (spec 1 §3.1 key `trails`; spec 2 §2.4 "open a trail report", §4.9): the
 * trails the list shows with the same filters — or the one trail of its editor — one row per
 * learner in the trail with their standing, percent, modules done of those learners can take, the dates and the current trail certificate; one row for a trail nobody started.
 */
export const trailsReport = defineReport({
  key: 'trails',
  path: TRAILS_REPORT_PATH,
  title: ADMIN_RESOURCES.trails.title,
  permissions: [ADMIN_RESOURCES.trails.title, 'reports'],
  body: TrailsReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    const base = (trail: { id: number; title: string; status: number }) => ({ trail_id: trail.id, trail: trail.title, trail_status: t(contentStatusWord(trail.status)) });
    const modulesOf = new Map<number, Promise<TrailModule[]>>();
    return walkContent({
      async contents(afterId, limit) {
        // the list's reading (repositories/trails.ts): deleted trails only when asked for, or when one is named
        let query = trailAdminListQuery(db, clientId, {
          status: filters.status, statusFiltered: filters.trail_id !== undefined, categories: filters.category ? [filters.category] : null,
        }).where('trails.id', '>', afterId);
        if (filters.trail_id !== undefined) query = query.where('trails.id', '=', filters.trail_id);
        if (filters.search) query = query.where(titleContains('trails.title', filters.search));
        return query.orderBy('trails.id').limit(limit).execute();
      },
      learners: (trail, after, limit) => db.selectFrom('trail_enrollments as e').innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['e.id', 'e.user_id', 'e.status', 'e.started_at', 'e.completed_at', 'u.full_name', 'u.email'])
        .where('e.trail_id', '=', trail.id).where('e.id', '>', after).orderBy('e.id').limit(limit).execute(),
      keyOf: (e) => e.id,
      alone: base,
      async rows(trail, enrollments) {
        if (!modulesOf.has(trail.id)) modulesOf.set(trail.id, trailModules(db, clientId, trail.id));
        const modules = await modulesOf.get(trail.id)!;
        const userIds = enrollments.map((e) => e.user_id);
        const [standings, certificates] = await Promise.all([
          trailStandings(db, modules, userIds), currentCertificates(db, clientId, 'trail', trail.id, userIds),
        ]);
        return enrollments.map((e) => ({
          ...base(trail),
          learner: e.full_name,
          email: e.email,
          enrollment_status: t(`reports.enrollment_status.${e.status}`),
          progress: standings.get(e.user_id)?.percent ?? 0,
          modules_completed: standings.get(e.user_id)?.completed ?? 0,
          modules_total: modules.length,
          started_at: when(e.started_at),
          completed_at: when(e.completed_at),
          ...certificates.get(e.user_id),
        }));
      },
    });
  },
});
