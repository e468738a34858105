import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AnswerBody, Attempt, CONTENT_STATUS, LEARNER_WEBCAST_PATHS, allAnswered, answerRefusal, attemptDeadline, attemptOutcome, attemptsLeft,
  decideStart, drawQuestions, isTimedTestType, scoreAttempt, shuffle, shufflesQuestions, webcastTestsOpen, type DrawnQuestionState,
} from '@lp/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, toBool } from '../../db/dialect.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  attemptsOf, claimAttempt, drawnQuestions, findAttempt, holdAttemptInProgress, insertAttempt, markAnswers, questionPool, recordResult,
  saveAnswer, type AttemptRow, type AttemptTables, type DrawnQuestion,
} from '../../repositories/learner/attempts.ts';
import { utcToday, type LearnerContext } from '../../repositories/learner/context.ts';
import { findLearnerWebcast } from '../../repositories/learner/webcasts.ts';
import { attemptAnswer, attemptRecords, ranOutOfTime } from '../learner/testAttempts.ts';
import { contextOf } from '../learner/trainings/common.ts';

/** The webcast's attempt tables (2026_11_23_0011_webcast_content). */
export const WEBCAST_ATTEMPT_TABLES: AttemptTables = {
  results: 'webcast_test_results',
  attemptQuestions: 'webcast_test_attempt_questions',
  questions: 'webcast_test_questions',
  answers: 'webcast_test_question_answers',
};
const T = WEBCAST_ATTEMPT_TABLES;

const TestParams = Type.Object({ id: Type.Integer({ minimum: 1 }), testId: Type.Integer({ minimum: 1 }) });
const AttemptParams = Type.Composite([TestParams, Type.Object({ attemptId: Type.Integer({ minimum: 1 }) })]);
const AnswerParams = Type.Composite([AttemptParams, Type.Object({ questionId: Type.Integer({ minimum: 1 }) })]);

export const webcastNotFound = () => new HttpError(404, 'not_found', 'Webinar not found');
export const notFinished = () => new HttpError(403, 'webcast_not_finished', 'Test not yet available, please wait');
const attemptNotFound = () => new HttpError(404, 'not_found', 'Attempt not found');
const timeExpired = () => new HttpError(409, 'time_expired', 'Time expired');
const attemptOver = () => new HttpError(409, 'attempt_already_finished', 'This attempt is already finished');

interface WebcastTestContext {
  webcastId: number;
  testId: number;
  userId: number;
  slug: string;
  timed: boolean;
  avaliableIn: string | null;
  randomizeQuestions: boolean;
  randomizeAnswers: boolean;
  qtyTotalQuestions: number | null;
  minimumScore: number | null;
  maximumAttempts: number;
  timeToAnswer: string | null;
}

/** A published test of a webcast, with its type's slug. */
async function findPublishedWebcastTest(db: Db, webcastId: number, testId: number) {
  return db.selectFrom('webcast_tests as t')
    .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
    .select(['t.id', 'tt.slug', 't.avaliable_in', 't.randomize_questions', 't.randomize_answers', 't.qty_total_questions', 't.minimum_score',
      't.maximum_attempts', 't.time_to_answer'])
    .where('t.id', '=', testId).where('t.webcast_id', '=', webcastId).where('t.status', '=', CONTENT_STATUS.published)
    .executeTakeFirst();
}

/**
 * The published test of a webcast the learner sees (else 404 'Webinar not found'), and only
 * once the webcast is finished (spec 2 §2.1, §4.12: "Tests become available only after the
 * webcast is finished") and the test's day has come.
 */
async function testContextOr404(app: FastifyInstance, ctx: LearnerContext, webcastId: number, testId: number): Promise<WebcastTestContext> {
  const webcast = await findLearnerWebcast(app.db, ctx, webcastId);
  if (!webcast) throw webcastNotFound();
  const test = await findPublishedWebcastTest(app.db, webcastId, testId);
  if (!test) throw new HttpError(404, 'not_found', 'Test not found');
  if (!webcastTestsOpen(webcast.status)) throw notFinished();
  return {
    webcastId, testId, userId: ctx.userId, slug: test.slug, timed: isTimedTestType(test.slug), avaliableIn: test.avaliable_in,
    randomizeQuestions: toBool(test.randomize_questions), randomizeAnswers: toBool(test.randomize_answers),
    qtyTotalQuestions: test.qty_total_questions, minimumScore: test.minimum_score, maximumAttempts: test.maximum_attempts,
    timeToAnswer: test.time_to_answer,
  };
}

const questionState = (q: DrawnQuestion): DrawnQuestionState => ({ position: q.position, answer_id: q.answerId, confirmed: q.confirmedAt !== null });

/**
 * The learner's test engine over a webcast's tests (spec 2 §4.8, §5.12): the training engine's
 * rules (shared/src/learning/testEngine.ts) and attempt storage (repositories/learner/attempts.ts)
 * on the webcast's tables. A webcast has no enrollment, prerequisites or activities to block or
 * restart: failing a block or restart type only uses up its attempts (consequence 'none').
 */
const learnerTests: FastifyPluginAsyncTypebox = async (app) => {
  const attemptResponse = { 200: Attempt, 201: Attempt };

  async function load(ctx: WebcastTestContext, attemptId: number, now: Date): Promise<Attempt> {
    const [row, questions, attempts] = await Promise.all([
      findAttempt(app.db, attemptId, ctx.testId, ctx.userId, T), drawnQuestions(app.db, attemptId, T), attemptsOf(app.db, ctx.testId, ctx.userId, T),
    ]);
    if (!row) throw attemptNotFound();
    return attemptAnswer(ctx, row, questions, attempts, now);
  }

  /** Scores and closes the attempt once (concurrent finishers find it over), in one transaction. */
  async function finish(ctx: WebcastTestContext, row: AttemptRow, kind: 'finished' | 'expired', now: Date): Promise<void> {
    const finishedAt = kind === 'expired' && row.deadlineAt ? new Date(row.deadlineAt) : now;
    await app.db.transaction().execute(async (trx) => {
      if (!(await claimAttempt(trx, row.id, kind, finishedAt, T))) return;
      const score = scoreAttempt(await markAnswers(trx, row.id, ctx.timed ? now : null, T));
      const left = attemptsLeft(ctx.slug, ctx.maximumAttempts, attemptRecords(await attemptsOf(trx, ctx.testId, ctx.userId, T)));
      const outcome = attemptOutcome(ctx.slug, score.correct_count, ctx.minimumScore, left);
      await recordResult(trx, row.id, score, { ...outcome, consequence: 'none' }, T);
    });
  }

  async function openAttemptOrRefuse(ctx: WebcastTestContext, attemptId: number, now: Date): Promise<AttemptRow> {
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId, T);
    if (!row) throw attemptNotFound();
    if (row.status === 'expired') throw timeExpired();
    if (row.status !== 'in_progress') throw attemptOver();
    if (ranOutOfTime(ctx, row, now)) {
      await finish(ctx, row, 'expired', now);
      throw timeExpired();
    }
    return row;
  }

  app.post(LEARNER_WEBCAST_PATHS.attempts(':id', ':testId'), { schema: { params: TestParams, response: attemptResponse } }, async (request, reply) => {
    const ctx = await testContextOr404(app, await contextOf(app, request), request.params.id, request.params.testId);
    const now = new Date();
    if (ctx.avaliableIn && ctx.avaliableIn > utcToday(now)) throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
    for (let round = 1; ; round += 1) {
      const attempts = await attemptsOf(app.db, ctx.testId, ctx.userId, T);
      const decision = decideStart(ctx.slug, ctx.maximumAttempts, attemptRecords(attempts));
      if (decision.kind === 'resume') {
        const row = attempts.find((a) => a.id === decision.attemptId)!;
        if (ranOutOfTime(ctx, row, now)) await finish(ctx, row, 'expired', now);
        return reply.code(200).send(await load(ctx, row.id, now));
      }
      if (decision.kind === 'refused') {
        if (decision.code === 'test_already_passed') throw new HttpError(409, 'test_already_passed', 'You have already passed this test');
        throw new HttpError(409, 'no_attempts_left', 'You have no attempts left at this test');
      }
      const pool = await questionPool(app.db, ctx.testId, T);
      const byId = new Map(pool.map((q) => [q.id, q]));
      const drawn = drawQuestions(pool, ctx.qtyTotalQuestions, shufflesQuestions(ctx.slug, ctx.randomizeQuestions), randomInt).map((questionId, i) => {
        const q = byId.get(questionId)!;
        return { questionId, position: i + 1, title: q.title, answers: ctx.randomizeAnswers ? shuffle(q.answers, randomInt) : q.answers };
      });
      const deadline = attemptDeadline(ctx.slug, now, ctx.timeToAnswer);
      let attemptId: number;
      try {
        attemptId = await insertAttempt(app.db, {
          testId: ctx.testId, userId: ctx.userId, attemptNumber: decision.attemptNumber, startedAt: now, deadlineAt: deadline,
          questions: drawn.map((q) => ({ questionId: q.questionId, answerOrder: q.answers.map((a) => a.id) })),
        }, T);
      } catch (error) {
        // the same learner started at the same moment: theirs stands, and is resumed above
        if (isUniqueViolation(error) && round < 3) continue;
        throw error;
      }
      return reply.code(201).send(await load(ctx, attemptId, now));
    }
  });

  app.get(LEARNER_WEBCAST_PATHS.attempt(':id', ':testId', ':attemptId'), { schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await testContextOr404(app, await contextOf(app, request), id, testId);
    const now = new Date();
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId, T);
    if (!row) throw attemptNotFound();
    if (ranOutOfTime(ctx, row, now)) await finish(ctx, row, 'expired', now);
    return load(ctx, attemptId, now);
  });

  app.put(LEARNER_WEBCAST_PATHS.answer(':id', ':testId', ':attemptId', ':questionId'), {
    schema: { params: AnswerParams, body: AnswerBody, response: { 200: Attempt } },
  }, async (request) => {
    const { id, testId, attemptId, questionId } = request.params;
    const { answer_id: answerId, confirm = false } = request.body;
    const ctx = await testContextOr404(app, await contextOf(app, request), id, testId);
    const now = new Date();
    const row = await openAttemptOrRefuse(ctx, attemptId, now);
    const questions = await drawnQuestions(app.db, row.id, T);
    const question = questions.find((q) => q.questionId === questionId);
    if (!question) throw new HttpError(404, 'not_found', 'This question is not part of the attempt');
    if (!question.answers.some((a) => a.id === answerId)) {
      throw new HttpError(400, 'invalid_answer', 'This answer does not belong to the question', { answer_id: 'invalid_answer' });
    }
    const refusal = answerRefusal(ctx.timed, questionState(question), questions.map(questionState), answerId);
    if (refusal === 'answer_already_confirmed') throw new HttpError(409, refusal, 'A confirmed answer cannot be changed');
    if (refusal === 'previous_question_not_confirmed') throw new HttpError(409, refusal, 'Confirm the previous question first');
    const confirmAt = ctx.timed && confirm ? now : null;
    if (question.confirmedAt === null) {
      const outcome = await app.db.transaction().execute(async (trx) => {
        if (!(await holdAttemptInProgress(trx, row.id, T))) return 'over' as const;
        return (await saveAnswer(trx, row.id, questionId, answerId, confirmAt, T)) ? 'saved' as const : 'confirmed_meanwhile' as const;
      });
      if (outcome === 'over') {
        const latest = await findAttempt(app.db, row.id, ctx.testId, ctx.userId, T);
        throw latest?.status === 'expired' ? timeExpired() : attemptOver();
      }
      if (outcome === 'confirmed_meanwhile') {
        const latest = (await drawnQuestions(app.db, row.id, T)).find((q) => q.questionId === questionId);
        if (latest?.answerId !== answerId) throw new HttpError(409, 'answer_already_confirmed', 'A confirmed answer cannot be changed');
      }
    }
    return load(ctx, row.id, now);
  });

  app.post(LEARNER_WEBCAST_PATHS.submit(':id', ':testId', ':attemptId'), { schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await testContextOr404(app, await contextOf(app, request), id, testId);
    const now = new Date();
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId, T);
    if (!row) throw attemptNotFound();
    // a repeated submit answers the result already recorded
    if (row.status === 'in_progress') {
      if (ranOutOfTime(ctx, row, now)) {
        await finish(ctx, row, 'expired', now);
      } else {
        const questions = await drawnQuestions(app.db, row.id, T);
        if (!allAnswered(questions.map((q) => ({ answer_id: q.answerId })))) {
          throw new HttpError(400, 'you_must_answer_all_questions', 'You must answer all questions');
        }
        await finish(ctx, row, 'finished', now);
      }
    }
    return load(ctx, attemptId, now);
  });
};
export default learnerTests;
