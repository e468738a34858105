import { ADMIN_RESOURCES, GENERAL_TEST_PATHS, GeneralTestsReportRequest } from '@lp/shared/contract';
import { GENERAL_TEST_STATUS } from '@lp/shared/rules';
import { generalTestsDb, testTypeOf } from '../repositories/generalTests/admin.ts';
import { defineReport } from './definition.ts';
import { contentStatusWord, titleContains, walkContent, when } from './queries.ts';

const R = 'resources.general-tests.report';
const G = 'resources.general-tests';
const COLUMNS = [
  { field: 'general_test_id', label: `${R}.general_test_id`, width: 10 },
  { field: 'general_test', label: `${R}.general_test`, width: 40 },
  { field: 'test_type', label: `${R}.test_type`, width: 28 },
  { field: 'general_test_status', label: `${R}.general_test_status`, width: 14 },
  { field: 'minimum_score', label: `${R}.minimum_score`, width: 12 },
  { field: 'learner', label: `${R}.learner`, width: 32 },
  { field: 'email', label: `${R}.email`, width: 32 },
  { field: 'attempt', label: `${R}.attempt`, width: 10 },
  { field: 'attempt_status', label: `${R}.attempt_status`, width: 16 },
  { field: 'correct', label: `${R}.correct`, width: 12 },
  { field: 'total_questions', label: `${R}.total_questions`, width: 12 },
  { field: 'passed', label: `${R}.passed`, width: 12 },
  { field: 'started_at', label: `${R}.started_at`, width: 20, date: true },
  { field: 'finished_at', label: `${R}.finished_at`, width: 20, date: true },
] as const;

/**
 * The general tests results report (issue 20 item 4; spec 3 §2, §4): the general tests the list
 * shows with the same filters, one row per attempt as the results tab lists them (restarted ones
 * included: the admin sees every attempt), and one row for a general test nobody took. Built in
 * the background and e-mailed like every report.
 */
export const generalTestsReport = defineReport({
  key: 'general_tests',
  path: GENERAL_TEST_PATHS.report,
  title: ADMIN_RESOURCES.general_tests.title,
  permissions: [ADMIN_RESOURCES.general_tests.title, 'reports'],
  body: GeneralTestsReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    type Test = { id: number; title: string; status: number; test_id: number; test_type_id: number; minimum_score: number | null };
    const base = (g: Test) => ({
      general_test_id: g.id, general_test: g.title, test_type: t(`${G}.types.${testTypeOf(g.test_type_id)}`),
      general_test_status: t(contentStatusWord(g.status)), minimum_score: g.minimum_score,
    });
    const odb = generalTestsDb(db);
    return walkContent({
      async contents(afterId, limit) {
        let query = db.selectFrom('general_tests').innerJoin('general_test_tests as gt', 'gt.owner_id', 'general_tests.id')
          .select(['general_tests.id', 'general_tests.title', 'general_tests.status', 'gt.id as test_id', 'gt.test_type_id', 'gt.minimum_score'])
          .where('general_tests.client_id', '=', clientId).where('general_tests.id', '>', afterId)
          .where('general_tests.status', '!=', GENERAL_TEST_STATUS.deleted);
        if (filters.status !== undefined) query = query.where('general_tests.status', '=', filters.status);
        if (filters.search) query = query.where(titleContains('general_tests.title', filters.search));
        return query.orderBy('general_tests.id').limit(limit).execute();
      },
      learners: (g, after, limit) => odb.selectFrom('owned_test_results as r').innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'u.full_name', 'u.email', 'r.attempt_number', 'r.status', 'r.correct_count', 'r.total_questions', 'r.passed', 'r.started_at', 'r.finished_at'])
        .where('r.test_id', '=', g.test_id).where('r.id', '>', after).orderBy('r.id').limit(limit).execute(),
      keyOf: (r) => r.id,
      alone: base,
      rows: (g, results) => results.map((r) => ({
        ...base(g),
        learner: r.full_name,
        email: r.email,
        attempt: r.attempt_number,
        attempt_status: t(`${G}.attempt_status.${r.status}`),
        correct: Number(r.correct_count),
        total_questions: Number(r.total_questions),
        passed: r.status === 'in_progress' ? null : t(`${R}.${r.passed ? 'yes' : 'no'}`),
        started_at: when(r.started_at),
        finished_at: when(r.finished_at),
      })),
    });
  },
});
