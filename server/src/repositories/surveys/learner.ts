/**
 * Surveys as learners meet and answer them (spec 3 §3 "Survey", §5 "Surveys"; spec 1 §3.1
 * has_mandatory_surveys). A learner sees a survey of their client that is published, within its
 * dates, and holds them in its audience (content/audience). Their answer is one attempt of the
 * survey's test (attempt 1: the unique attempt number makes two simultaneous first saves one row);
 * while it is in progress it is a draft, finishing it is one conditional update.
 */
import { sql } from 'kysely';
import type { LearnerSurveyCard, SurveyAnswer } from '@lp/shared/contract';
import { SURVEY_STATUS } from '@lp/shared/rules';
import { inAudience } from '../../content/audience/index.ts';
import { questionListQuery, toQuestionRow, withAnswers, type QuestionWithAnswers } from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import type { SurveyRow } from '../../db/tables/survey.table.ts';
import { audienceMemberOf, type LearnerContext } from '../learner/context.ts';
import { surveyTestId, surveyTypeId, surveyTypeOf, surveysDb } from './admin.ts';

/** The surveys open to the learner today (YYYY-MM-DD). */
export function openSurveys(db: Db, ctx: LearnerContext, today: string) {
  const clientId = ctx.member ? ctx.clientId : -1;
  return db.selectFrom('surveys').selectAll('surveys')
    .where('surveys.client_id', '=', clientId)
    .where('surveys.status', '=', SURVEY_STATUS.published)
    .where('surveys.start_date', '<=', today)
    .where((eb) => eb.or([eb('surveys.end_date', 'is', null), eb('surveys.end_date', '>=', today)]))
    .where(inAudience('survey', audienceMemberOf(ctx)));
}

export async function findOpenSurvey(db: Db, ctx: LearnerContext, id: number, today: string): Promise<SurveyRow | undefined> {
  return openSurveys(db, ctx, today).where('surveys.id', '=', id).executeTakeFirst();
}

/** spec 1 §3.1 has_mandatory_surveys: a published mandatory survey of the learner's audience is open and unanswered. */
export async function hasMandatorySurveys(db: Db, ctx: LearnerContext, today: string): Promise<boolean> {
  const row = await openSurveys(db, ctx, today)
    .where('surveys.survey_type_id', '=', surveyTypeId('mandatory'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('survey_test_results as r').innerJoin('survey_tests as t', 't.id', 'r.test_id')
      .select('r.id').whereRef('t.owner_id', '=', 'surveys.id').where('r.user_id', '=', ctx.userId).where('r.status', '=', 'finished'))))
    .select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** How the learner stands in each survey: answered, or a draft kept. */
async function standings(db: Db, userId: number, surveyIds: readonly number[]): Promise<Map<number, 'finished' | 'in_progress'>> {
  const map = new Map<number, 'finished' | 'in_progress'>();
  if (!surveyIds.length) return map;
  const rows = await surveysDb(db).selectFrom('owned_test_results as r').innerJoin('owned_tests as t', 't.id', 'r.test_id')
    .select(['t.owner_id', 'r.status']).where('t.owner_id', 'in', [...surveyIds]).where('r.user_id', '=', userId).execute();
  for (const r of rows) {
    if (r.status === 'finished' || r.status === 'in_progress') map.set(r.owner_id, map.get(r.owner_id) === 'finished' ? 'finished' : r.status);
  }
  return map;
}

async function questionCounts(db: Db, surveyIds: readonly number[]): Promise<Map<number, number>> {
  if (!surveyIds.length) return new Map();
  const rows = await surveysDb(db).selectFrom('owned_test_questions as q').innerJoin('owned_tests as t', 't.id', 'q.test_id')
    .select((eb) => ['t.owner_id', eb.fn.countAll<number>().as('n')]).where('t.owner_id', 'in', [...surveyIds]).groupBy('t.owner_id').execute();
  return new Map(rows.map((r) => [r.owner_id, Number(r.n)]));
}

/** The learner's open surveys, mandatory first, then by start date. */
export async function learnerSurveyCards(db: Db, ctx: LearnerContext, today: string): Promise<LearnerSurveyCard[]> {
  const rows = await openSurveys(db, ctx, today).orderBy('surveys.survey_type_id', 'desc').orderBy('surveys.start_date', 'desc').orderBy('surveys.id', 'desc')
    .limit(200).execute();
  const ids = rows.map((r) => r.id);
  const [standing, counts] = await Promise.all([standings(db, ctx.userId, ids), questionCounts(db, ids)]);
  return rows.map((r) => toCard(r, standing.get(r.id), counts.get(r.id) ?? 0));
}

export const toCard = (r: SurveyRow, standing: 'finished' | 'in_progress' | undefined, qty: number): LearnerSurveyCard => ({
  id: r.id, title: r.title, mandatory: surveyTypeOf(r.survey_type_id) === 'mandatory', start_date: r.start_date, end_date: r.end_date,
  answered: standing === 'finished', has_draft: standing === 'in_progress', qty_questions: qty,
});

export async function surveyQuestions(db: Db, testId: number): Promise<QuestionWithAnswers[]> {
  const odb = surveysDb(db);
  return withAnswers(odb, (await questionListQuery(odb, testId).orderBy('q.position').orderBy('q.id').execute()).map(toQuestionRow));
}

export interface SurveyAttempt { id: number; status: string }

export async function findAttempt(db: Db, testId: number, userId: number): Promise<SurveyAttempt | undefined> {
  return surveysDb(db).selectFrom('owned_test_results').select(['id', 'status'])
    .where('test_id', '=', testId).where('user_id', '=', userId).where('attempt_number', '=', 1).executeTakeFirst();
}

/** The learner's one attempt, made if missing: simultaneous first saves meet on the unique attempt number. */
export async function ensureAttempt(db: Db, testId: number, userId: number, total: number): Promise<SurveyAttempt> {
  await surveysDb(db).insertInto('owned_test_results')
    .values({ test_id: testId, user_id: userId, attempt_number: 1, started_at: new Date(), total_questions: total })
    .onConflict((oc) => oc.columns(['test_id', 'user_id', 'attempt_number']).doNothing())
    .execute();
  return (await findAttempt(db, testId, userId))!;
}

export async function attemptAnswers(db: Db, resultId: number): Promise<SurveyAnswer[]> {
  const rows = await surveysDb(db).selectFrom('owned_test_attempt_questions').select(['question_id', 'answer_ids', 'answer_text'])
    .where('result_id', '=', resultId).orderBy('position').execute();
  return rows.map((r) => ({ question_id: r.question_id, answer_ids: r.answer_ids ?? [], answer_text: r.answer_text }));
}

/**
 * The answers given replace the stored ones of the same questions (a draft saved again, or the
 * submission). Rows are keyed by (result, question): two saves at once keep one row each.
 */
export async function writeAnswers(db: Db, resultId: number, questions: readonly QuestionWithAnswers[], answers: readonly SurveyAnswer[]): Promise<void> {
  const odb = surveysDb(db);
  const position = new Map(questions.map((q, i) => [q.id, i + 1]));
  for (const a of answers) {
    const values = {
      answer_ids: JSON.stringify([...a.answer_ids]),
      answer_text: a.answer_text?.trim() ? a.answer_text.trim() : null,
      answer_id: a.answer_ids[0] ?? null,
    };
    await odb.insertInto('owned_test_attempt_questions')
      .values({
        result_id: resultId, question_id: a.question_id, position: position.get(a.question_id) ?? 0,
        answer_order: JSON.stringify(questions.find((q) => q.id === a.question_id)?.answers.map((o) => o.id) ?? []), ...values,
      })
      .onConflict((oc) => oc.columns(['result_id', 'question_id']).doUpdateSet(values))
      .execute();
  }
}

/** Finishes the attempt if it is still in progress; false when another request finished it first. */
export async function finishAttempt(db: Db, resultId: number, answered: number): Promise<boolean> {
  const done = await surveysDb(db).updateTable('owned_test_results')
    .set({ status: 'finished', finished_at: new Date(), correct_count: answered, passed: true })
    .where('id', '=', resultId).where('status', '=', 'in_progress').executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** show_feedback: how everyone answered so far, option id → count, per question. */
export async function feedbackCounts(db: Db, surveyId: number): Promise<Array<{ question_id: number; counts: Record<string, number> }>> {
  const rows = await surveysDb(db).selectFrom('owned_test_attempt_questions as aq')
    .innerJoin('owned_test_results as r', 'r.id', 'aq.result_id').innerJoin('owned_tests as t', 't.id', 'r.test_id')
    .select(['aq.question_id', 'aq.answer_ids']).where('t.owner_id', '=', surveyId).where('r.status', '=', 'finished').execute();
  const byQuestion = new Map<number, Record<string, number>>();
  for (const r of rows) {
    const counts = byQuestion.get(r.question_id) ?? {};
    for (const id of r.answer_ids ?? []) counts[id] = (counts[id] ?? 0) + 1;
    byQuestion.set(r.question_id, counts);
  }
  return [...byQuestion].map(([question_id, counts]) => ({ question_id, counts }));
}

export { surveyTestId };
