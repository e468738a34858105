import { ADMIN_RESOURCES, DRILL_PATHS, DrillsReportRequest } from '@lp/shared/contract';
import { DRILL_STATUS, drillApproved } from '@lp/shared/rules';
import { drillsDb } from '../repositories/drills/admin.ts';
import { defineReport } from './definition.ts';
import { contentStatusWord, titleContains, walkContent, when } from './queries.ts';

const R = 'resources.drills.report';
const COLUMNS = [
  { field: 'drill_id', label: `${R}.drill_id`, width: 10 },
  { field: 'drill', label: `${R}.drill`, width: 40 },
  { field: 'drill_status', label: `${R}.drill_status`, width: 14 },
  { field: 'start_date', label: `${R}.start_date`, width: 12 },
  { field: 'end_date', label: `${R}.end_date`, width: 12 },
  { field: 'minimum_score', label: `${R}.minimum_score`, width: 12 },
  { field: 'learner', label: `${R}.learner`, width: 32 },
  { field: 'email', label: `${R}.email`, width: 32 },
  { field: 'days_answered', label: `${R}.days_answered`, width: 12 },
  { field: 'answered', label: `${R}.answered`, width: 12 },
  { field: 'correct', label: `${R}.correct`, width: 12 },
  { field: 'approved', label: `${R}.approved`, width: 12 },
  { field: 'last_answer_at', label: `${R}.last_answer_at`, width: 20, date: true },
] as const;

/**
 * The drills results report (issue 20 item 4; spec 3 §2 "Drill list and editor, with results"):
 * the drills the list shows with the same filters, one row per learner as the results tab counts
 * them — drill days finished, questions answered (a timed-out one counts as answered wrong),
 * correct answers and whether that reaches the minimum score — and one row for a drill nobody
 * answered. Built in the background and e-mailed like every report.
 */
export const drillsReport = defineReport({
  key: 'drills',
  path: DRILL_PATHS.report,
  title: ADMIN_RESOURCES.drills.title,
  permissions: [ADMIN_RESOURCES.drills.title, 'reports'],
  body: DrillsReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    type Drill = { id: number; title: string; status: number; start_date: string; end_date: string; minimum_score: number };
    const base = (d: Drill) => ({
      drill_id: d.id, drill: d.title, drill_status: t(contentStatusWord(d.status)), start_date: d.start_date, end_date: d.end_date, minimum_score: d.minimum_score,
    });
    const odb = drillsDb(db);
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('drills').select(['id', 'title', 'status', 'start_date', 'end_date', 'minimum_score'])
          .where('client_id', '=', clientId).where('id', '>', afterId).where('status', '!=', DRILL_STATUS.deleted);
        if (filters.status !== undefined) query = query.where('status', '=', filters.status);
        if (filters.search) query = query.where(titleContains('title', filters.search));
        return query.orderBy('id').limit(limit).execute();
      },
      // one row per learner: their drill days and answers summed, paged by the learner
      learners: (d, after, limit) => odb.selectFrom('owned_test_results as r')
        .innerJoin('owned_tests as ot', 'ot.id', 'r.test_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('owned_test_attempt_questions as aq', 'aq.result_id', 'r.id')
        .select((eb) => [
          'r.user_id', 'u.full_name', 'u.email',
          eb.fn.count<number>('r.id').distinct().filterWhere('r.status', '=', 'finished').as('days'),
          eb.fn.count<number>('aq.id').filterWhere('aq.confirmed_at', 'is not', null).as('answered'),
          eb.fn.count<number>('aq.id').filterWhere('aq.is_correct', '=', true).as('correct'),
          eb.fn.max('aq.confirmed_at').as('last'),
        ])
        .where('ot.owner_id', '=', d.id).where('r.user_id', '>', after)
        .groupBy(['r.user_id', 'u.full_name', 'u.email'])
        .orderBy('r.user_id').limit(limit).execute(),
      keyOf: (l) => l.user_id,
      alone: base,
      rows: (d, learners) => learners.map((l) => ({
        ...base(d),
        learner: l.full_name,
        email: l.email,
        days_answered: Number(l.days),
        answered: Number(l.answered),
        correct: Number(l.correct),
        approved: t(`${R}.${drillApproved(Number(l.correct), d.minimum_score) ? 'yes' : 'no'}`),
        last_answer_at: when(l.last === null ? null : String(l.last)),
      })),
    });
  },
});
