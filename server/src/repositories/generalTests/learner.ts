/**
 * General tests as learners meet them (spec 3 §3, §4): published, of their client, within the
 * publish and unpublish dates, and holding them in its audience (areas, profiles, user groups).
 * Taking one is the test engine's (content/routes/learnerTests.ts, GENERAL_TEST_OWNER).
 */
import type { LearnerGeneralTestCard } from '@lp/shared/contract';
import { GENERAL_TEST_STATUS } from '@lp/shared/rules';
import { inAudience } from '../../content/audience/index.ts';
import { attemptsOf } from '../../content/repository/attempts.ts';
import type { Db } from '../../db/database.ts';
import type { GeneralTestRow } from '../../db/tables/generalTest.table.ts';
import { audienceMemberOf, type LearnerContext } from '../learner/context.ts';
import { generalTestTest, generalTestsDb, testTypeOf } from './admin.ts';

export function openGeneralTests(db: Db, ctx: LearnerContext, today: string) {
  return db.selectFrom('general_tests').selectAll('general_tests')
    .where('general_tests.client_id', '=', ctx.member ? ctx.clientId : -1)
    .where('general_tests.status', '=', GENERAL_TEST_STATUS.published)
    .where('general_tests.publish_date', '<=', today)
    .where((eb) => eb.or([eb('general_tests.unpublish_date', 'is', null), eb('general_tests.unpublish_date', '>=', today)]))
    .where(inAudience('general_test', audienceMemberOf(ctx)));
}

export async function findOpenGeneralTest(db: Db, ctx: LearnerContext, id: number, today: string): Promise<GeneralTestRow | undefined> {
  return openGeneralTests(db, ctx, today).where('general_tests.id', '=', id).executeTakeFirst();
}

/** Every attempt the learner took (restarted ones included): what quantity_realizations counts. */
export async function realizationsTaken(db: Db, testId: number, userId: number): Promise<number> {
  return (await attemptsOf(generalTestsDb(db), testId, userId)).length;
}

/** Restarts the learner at the test (spec 3 §4 restart type): their attempts stay for the admin, no longer count for them. */
export async function restartLearner(db: Db, testId: number, userId: number): Promise<void> {
  await generalTestsDb(db).updateTable('owned_test_results').set({ status: 'restarted' })
    .where('test_id', '=', testId).where('user_id', '=', userId).where('status', 'in', ['finished', 'expired']).execute();
}

/** The restart type out of realizations: the learner's last result reads blocked. */
export async function blockLearner(db: Db, testId: number, userId: number): Promise<void> {
  await generalTestsDb(db).updateTable('owned_test_results').set({ consequence: 'blocked' })
    .where('test_id', '=', testId).where('user_id', '=', userId).where('status', 'in', ['finished', 'expired']).execute();
}

export async function learnerGeneralTestCard(db: Db, row: GeneralTestRow, userId: number): Promise<LearnerGeneralTestCard> {
  const test = await generalTestTest(db, row.id);
  const odb = generalTestsDb(db);
  const [attempts, count] = await Promise.all([
    attemptsOf(odb, test.id, userId),
    odb.selectFrom('owned_test_questions').select((eb) => eb.fn.countAll<number>().as('n')).where('test_id', '=', test.id).executeTakeFirstOrThrow(),
  ]);
  const live = attempts.filter((a) => a.status !== 'restarted');
  const standing: LearnerGeneralTestCard['standing'] = live.some((a) => a.status === 'in_progress') ? 'in_progress'
    : live.some((a) => a.passed) ? 'passed'
      : live.length ? 'blocked'
        : attempts.length ? 'can_restart' : 'not_started';
  const total = Number(count.n);
  return {
    id: row.id, title: row.title, description: row.description, test_type: testTypeOf(test.test_type_id), test_id: test.id,
    minimum_score: test.minimum_score ?? 1, questions: test.qty_total_questions ? Math.min(total, test.qty_total_questions) : total,
    time_to_finish: row.time_to_finish, unpublish_date: row.unpublish_date, standing,
  };
}
