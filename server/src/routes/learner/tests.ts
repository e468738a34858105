import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AnswerBody, Attempt, LEARNER_PATHS, allAnswered, answerRefusal, attemptDeadline, decideStart, drawQuestions, shuffle, shufflesQuestions,
  type DrawnQuestionState,
} from '@lp/shared';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/httpError.ts';
import { trainingActivities } from '../../repositories/learner/activities.ts';
import { utcToday } from '../../repositories/learner/context.ts';
import {
  attemptsOf, drawnQuestions, ensureEnrollment, findAttempt, holdAttemptInProgress, insertAttempt, questionPool, saveAnswer,
  type AttemptRow, type DrawnQuestion,
} from '../../repositories/learner/attempts.ts';
import {
  attemptAnswer, attemptRecords, finishAttempt, loadAttemptAnswer, ranOutOfTime, refuseLock, testContextOr404, type TestContext,
} from './testAttempts.ts';

const TestParams = Type.Object({ id: Type.Integer({ minimum: 1 }), testId: Type.Integer({ minimum: 1 }) });
const AttemptParams = Type.Composite([TestParams, Type.Object({ attemptId: Type.Integer({ minimum: 1 }) })]);
const AnswerParams = Type.Composite([AttemptParams, Type.Object({ questionId: Type.Integer({ minimum: 1 }) })]);

/** Draws and shuffles with the operating system's cryptographic generator. */
const cryptoInt = (maxExclusive: number) => randomInt(maxExclusive);

/** Two starts of the same learner at the same moment: the loser of the insert reads back. */
const START_ROUNDS = 3;

const attemptNotFound = () => new HttpError(404, 'not_found', 'Attempt not found');
const timeExpired = () => new HttpError(409, 'time_expired', 'Time expired');
const attemptOver = () => new HttpError(409, 'attempt_already_finished', 'This attempt is already finished');

const questionState = (q: DrawnQuestion): DrawnQuestionState => ({ position: q.position, answer_id: q.answerId, confirmed: q.confirmedAt !== null });

/**
 * The learner's test engine (issue 5 item 3; spec 2 §3.4, §4.8, §5.12, §8): start or resume an
 * attempt with its random draw, save answers one by one, submit once (retries answer the same
 * result), read the attempt back after a reload. The server's clock and rules decide.
 */
const tests: FastifyPluginAsyncTypebox = async (app) => {
  const attemptResponse = { 200: Attempt, 201: Attempt };

  /** An attempt of the learner that is still open, or why not (expiring it when its time ran out). */
  async function openAttemptOrRefuse(ctx: TestContext, attemptId: number, now: Date): Promise<AttemptRow> {
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    if (row.status === 'expired') throw timeExpired();
    if (row.status !== 'in_progress') throw attemptOver();
    if (ctx.enrollment === 'blocked') refuseLock('blocked');
    if (ranOutOfTime(ctx, row, now)) {
      await finishAttempt(app, ctx, row, 'expired', now);
      throw timeExpired();
    }
    return row;
  }

  app.post(LEARNER_PATHS.attempts(':id', ':testId'), { schema: { params: TestParams, response: attemptResponse } }, async (request, reply) => {
    const { id, testId } = request.params;
    const ctx = await testContextOr404(app, request, id, testId);
    const now = new Date();
    // spec 2 §4.8, §5.8: blocked learners, available-in days and prerequisites, by the shared rules
    const activities = await trainingActivities(app.db, ctx.clientId, ctx.trainingId, ctx.userId, ctx.enrollment === 'blocked', utcToday(now));
    const activity = activities.find((a) => a.type === 'test' && a.id === ctx.testId);
    refuseLock(activity ? activity.lockReason : null);

    for (let round = 1; ; round += 1) {
      const attempts = await attemptsOf(app.db, ctx.testId, ctx.userId);
      const decision = decideStart(ctx.slug, ctx.maximumAttempts, attemptRecords(attempts));
      if (decision.kind === 'resume') {
        const row = attempts.find((a) => a.id === decision.attemptId)!;
        if (ranOutOfTime(ctx, row, now)) await finishAttempt(app, ctx, row, 'expired', now);
        return reply.code(200).send(await loadAttemptAnswer(app, ctx, row.id, now));
      }
      if (decision.kind === 'refused') {
        if (decision.code === 'test_already_passed') throw new HttpError(409, 'test_already_passed', 'You have already passed this test');
        throw new HttpError(409, 'no_attempts_left', 'You have no attempts left at this test');
      }

      // issue 5: qty_total_questions drawn with every mandatory question; questions and answers shuffled as set
      const pool = await questionPool(app.db, ctx.testId);
      const byId = new Map(pool.map((q) => [q.id, q]));
      const drawn = drawQuestions(pool, ctx.qtyTotalQuestions, shufflesQuestions(ctx.slug, ctx.randomizeQuestions), cryptoInt).map((questionId, i) => {
        const q = byId.get(questionId)!;
        return { questionId, position: i + 1, title: q.title, answers: ctx.randomizeAnswers ? shuffle(q.answers, cryptoInt) : q.answers };
      });
      const deadline = attemptDeadline(ctx.slug, now, ctx.timeToAnswer);
      let attemptId: number;
      try {
        attemptId = await app.db.transaction().execute(async (trx) => {
          await ensureEnrollment(trx, ctx.userId, ctx.trainingId, now);
          return insertAttempt(trx, {
            testId: ctx.testId, userId: ctx.userId, attemptNumber: decision.attemptNumber, startedAt: now, deadlineAt: deadline,
            questions: drawn.map((q) => ({ questionId: q.questionId, answerOrder: q.answers.map((a) => a.id) })),
          });
        });
      } catch (error) {
        // the same learner started at the same moment: theirs stands, and is resumed above
        if (isUniqueViolation(error) && round < START_ROUNDS) continue;
        throw error;
      }
      const row: AttemptRow = {
        id: attemptId, testId: ctx.testId, attemptNumber: decision.attemptNumber, status: 'in_progress', startedAt: now.toISOString(),
        deadlineAt: deadline?.toISOString() ?? null, finishedAt: null, correctCount: 0, totalQuestions: drawn.length, score: 0, passed: false, consequence: null,
      };
      const questions: DrawnQuestion[] = drawn.map((q) => ({ ...q, answerId: null, confirmedAt: null }));
      return reply.code(201).send(attemptAnswer(ctx, row, questions, [...attempts, row], now));
    }
  });

  app.get(LEARNER_PATHS.attempt(':id', ':testId', ':attemptId'), { schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await testContextOr404(app, request, id, testId);
    const now = new Date();
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    if (ranOutOfTime(ctx, row, now)) await finishAttempt(app, ctx, row, 'expired', now);
    return loadAttemptAnswer(app, ctx, attemptId, now);
  });

  app.put(LEARNER_PATHS.answer(':id', ':testId', ':attemptId', ':questionId'), {
    schema: { params: AnswerParams, body: AnswerBody, response: { 200: Attempt } },
  }, async (request) => {
    const { id, testId, attemptId, questionId } = request.params;
    const { answer_id: answerId, confirm = false } = request.body;
    const ctx = await testContextOr404(app, request, id, testId);
    const now = new Date();
    const row = await openAttemptOrRefuse(ctx, attemptId, now);
    const questions = await drawnQuestions(app.db, row.id);
    const question = questions.find((q) => q.questionId === questionId);
    if (!question) throw new HttpError(404, 'not_found', 'This question is not part of the attempt');
    if (!question.answers.some((a) => a.id === answerId)) {
      throw new HttpError(400, 'invalid_answer', 'This answer does not belong to the question', { answer_id: 'invalid_answer' });
    }
    // spec 2 §4.8: the timed types go one question at a time, and a confirmed answer is final
    const refusal = answerRefusal(ctx.timed, questionState(question), questions.map(questionState), answerId);
    if (refusal === 'answer_already_confirmed') throw new HttpError(409, refusal, 'A confirmed answer cannot be changed');
    if (refusal === 'previous_question_not_confirmed') throw new HttpError(409, refusal, 'Confirm the previous question first');

    const confirmAt = ctx.timed && confirm ? now : null;
    const alreadyFinal = question.confirmedAt !== null;
    const outcome = alreadyFinal ? 'saved' : await app.db.transaction().execute(async (trx) => {
      if (!(await holdAttemptInProgress(trx, row.id))) return 'over' as const;
      return (await saveAnswer(trx, row.id, questionId, answerId, confirmAt)) ? 'saved' as const : 'confirmed_meanwhile' as const;
    });
    if (outcome === 'over') {
      const latest = await findAttempt(app.db, row.id, ctx.testId, ctx.userId);
      throw latest?.status === 'expired' ? timeExpired() : attemptOver();
    }
    if (outcome === 'confirmed_meanwhile') {
      // another request confirmed this question first: its answer stands
      const latest = (await drawnQuestions(app.db, row.id)).find((q) => q.questionId === questionId);
      if (latest?.answerId !== answerId) throw new HttpError(409, 'answer_already_confirmed', 'A confirmed answer cannot be changed');
    }
    const saved = questions.map((q) => (q.questionId === questionId && !alreadyFinal
      ? { ...q, answerId, confirmedAt: confirmAt ? confirmAt.toISOString() : q.confirmedAt }
      : q));
    return attemptAnswer(ctx, row, saved, [], now);
  });

  app.post(LEARNER_PATHS.submit(':id', ':testId', ':attemptId'), { schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await testContextOr404(app, request, id, testId);
    const now = new Date();
    const row = await findAttempt(app.db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    // a repeated submit (a retry after a dropped connection) answers the result already recorded
    if (row.status === 'in_progress') {
      if (ranOutOfTime(ctx, row, now)) {
        await finishAttempt(app, ctx, row, 'expired', now);
      } else {
        if (ctx.enrollment === 'blocked') refuseLock('blocked');
        // spec 2 §4.8, §5.12: "All questions must be answered before finishing"
        const questions = await drawnQuestions(app.db, row.id);
        if (!allAnswered(questions.map((q) => ({ answer_id: q.answerId })))) {
          throw new HttpError(400, 'you_must_answer_all_questions', 'You must answer all questions');
        }
        await finishAttempt(app, ctx, row, 'finished', now);
      }
    }
    return loadAttemptAnswer(app, ctx, attemptId, now);
  });
};
export default tests;
