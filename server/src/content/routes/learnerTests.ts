import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AnswerBody, Attempt } from '@lp/shared/contract';
import {
  allAnswered, answerRefusal, attemptDeadline, attemptOutcome, attemptsLeft, decideStart, drawQuestions, scoreAttempt, shuffle,
  shufflesQuestions, type AttemptOutcome, type DrawnQuestionState,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/httpError.ts';
import { attemptAnswer, attemptRecords, ranOutOfTime, type LearnerTestContext } from '../learnerAttempt.ts';
import type { TestEngineOwner } from '../owner.ts';
import { ownedDb } from '../ownedDb.ts';
import {
  attemptsOf, claimAttempt, drawnQuestions, findAttempt, holdAttemptInProgress, insertAttempt, markAnswers, questionPool, recordResult, saveAnswer,
  type AttemptRow, type DrawnQuestion,
} from '../repository/attempts.ts';
import { AnswerParams, AttemptParams, TestParams } from './params.ts';

/**
 * What an owner kind decides around the shared test engine: which test the learner reaches,
 * when they may not open or answer it, and what starting and finishing do to the owner (a
 * training enrolls, blocks or restarts its learner; a webcast does nothing of the kind).
 */
export interface LearnerTestPolicy<C extends LearnerTestContext> {
  /** the published test as this learner reaches it through its owner; anything else throws the owner's 404 */
  context(app: FastifyInstance, request: FastifyRequest, ownerId: number, testId: number): Promise<C>;
  /** before a start or a resume: why the learner may not open the test now (spec 2 §4.8, §5.8) */
  refuseStart(app: FastifyInstance, ctx: C, now: Date): Promise<void>;
  /** before an answer to, or the submit of, an attempt still open */
  refuseAnswer?(ctx: C): void;
  /** in the transaction that writes a new attempt */
  started?(trx: Db, ctx: C, now: Date): Promise<void>;
  /** the outcome to record (a failed last attempt may mean nothing for this owner) */
  settle?(outcome: AttemptOutcome, ctx: C): AttemptOutcome;
  /**
   * The attempt may not be reopened (spec 3 §4 general tests: "finished in one session without
   * reloading"): starting again or reading an attempt in progress ends it, scored as it stands.
   */
  reloadEnds?: boolean;
  /** in the finishing transaction, after the result is recorded */
  finished?(app: FastifyInstance, trx: Db, ctx: C, outcome: AttemptOutcome, now: Date): Promise<void>;
}

/** Draws and shuffles with the operating system's cryptographic generator. */
const cryptoInt = (maxExclusive: number) => randomInt(maxExclusive);

/** Two starts of the same learner at the same moment: the loser of the insert reads back. */
const START_ROUNDS = 3;
/** reloadEnds: a second start this soon after the first, with nothing answered, is the same start */
const RELOAD_GRACE_MS = 2000;

const attemptNotFound = () => new HttpError(404, 'not_found', 'Attempt not found');
const timeExpired = () => new HttpError(409, 'time_expired', 'Time expired');
const attemptOver = () => new HttpError(409, 'attempt_already_finished', 'This attempt is already finished');

const questionState = (q: DrawnQuestion): DrawnQuestionState => ({ position: q.position, answer_id: q.answerId, confirmed: q.confirmedAt !== null });

/**
 * The learner's test engine over one owner kind's tests (spec 2 §3.4, §4.8, §5.12, §8): start or
 * resume an attempt with its random draw, save answers one by one, submit once (retries answer
 * the same result), read the attempt back after a reload. The server's clock and the shared
 * rules (shared/src/learning/testEngine.ts) decide; the owner's policy does the rest.
 */
export function registerLearnerTests<C extends LearnerTestContext>(parent: FastifyInstance, owner: TestEngineOwner, policy: LearnerTestPolicy<C>): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const paths = owner.learner;
  const db = ownedDb(app.db, owner);
  const attemptResponse = { 200: Attempt, 201: Attempt };

  async function load(ctx: C, attemptId: number, now: Date): Promise<Attempt> {
    const [row, questions, attempts] = await Promise.all([
      findAttempt(db, attemptId, ctx.testId, ctx.userId), drawnQuestions(db, attemptId), attemptsOf(db, ctx.testId, ctx.userId),
    ]);
    if (!row) throw attemptNotFound();
    return attemptAnswer(ctx, row, questions, attempts, now);
  }

  /**
   * Finishes an attempt in one transaction: scores what was answered (an expired attempt ends at
   * its deadline), passes on the minimum number of correct answers, records the outcome and lets
   * the owner act on it. Only the first of concurrent finishers does anything: the others find it over.
   */
  async function finish(ctx: C, row: AttemptRow, kind: 'finished' | 'expired', now: Date): Promise<void> {
    const finishedAt = kind === 'expired' && row.deadlineAt ? new Date(row.deadlineAt) : now;
    await app.db.transaction().execute(async (trx) => {
      const owned = ownedDb(trx, owner);
      if (!(await claimAttempt(owned, row.id, kind, finishedAt))) return;
      const score = scoreAttempt(await markAnswers(owned, row.id, ctx.timed ? now : null));
      const left = attemptsLeft(ctx.slug, ctx.maximumAttempts, attemptRecords(await attemptsOf(owned, ctx.testId, ctx.userId)));
      const computed = attemptOutcome(ctx.slug, score.correct_count, ctx.minimumScore, left);
      const outcome = policy.settle ? policy.settle(computed, ctx) : computed;
      await recordResult(owned, row.id, score, outcome);
      await policy.finished?.(app, trx, ctx, outcome, now);
    });
  }

  /**
   * A start repeated within RELOAD_GRACE_MS of the attempt's start, before any answer (a double
   * click, a retried request, two tabs at once): it shows nothing a reload would gain — the same
   * questions, the same deadline — so it is the same start, not a reload.
   */
  async function sameStartAgain(row: AttemptRow, now: Date): Promise<boolean> {
    if (now.getTime() - new Date(row.startedAt).getTime() >= RELOAD_GRACE_MS) return false;
    return (await drawnQuestions(db, row.id)).every((q) => q.answerId === null);
  }

  /** An attempt of the learner that is still open, or why not (expiring it when its time ran out). */
  async function openAttemptOrRefuse(ctx: C, attemptId: number, now: Date): Promise<AttemptRow> {
    const row = await findAttempt(db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    if (row.status === 'expired') throw timeExpired();
    if (row.status !== 'in_progress') throw attemptOver();
    policy.refuseAnswer?.(ctx);
    if (ranOutOfTime(ctx, row, now)) {
      await finish(ctx, row, 'expired', now);
      throw timeExpired();
    }
    return row;
  }

  app.post(paths.attempts(':id', ':testId'), { config: { access: 'authenticated' }, schema: { params: TestParams, response: attemptResponse } }, async (request, reply) => {
    const ctx = await policy.context(app, request, request.params.id, request.params.testId);
    const now = new Date();
    await policy.refuseStart(app, ctx, now);
    for (let round = 1; ; round += 1) {
      const attempts = await attemptsOf(db, ctx.testId, ctx.userId);
      const decision = decideStart(ctx.slug, ctx.maximumAttempts, attemptRecords(attempts));
      if (decision.kind === 'resume') {
        const row = attempts.find((a) => a.id === decision.attemptId)!;
        if (ranOutOfTime(ctx, row, now)) await finish(ctx, row, 'expired', now);
        // a start that lost the race to a simultaneous one (round > 1), or the same start sent twice,
        // takes that attempt as it is; any later start is a reload and ends it
        else if (policy.reloadEnds && round === 1 && !(await sameStartAgain(row, now))) await finish(ctx, row, 'finished', now);
        return reply.code(200).send(await load(ctx, row.id, now));
      }
      if (decision.kind === 'refused') {
        if (decision.code === 'test_already_passed') throw new HttpError(409, 'test_already_passed', 'You have already passed this test');
        throw new HttpError(409, 'no_attempts_left', 'You have no attempts left at this test');
      }

      // qty_total_questions drawn with every mandatory question; questions and answers shuffled as set
      // the same for every learner of the test: read once (plugins/app/contentCache.ts)
      const pool = await app.contentCache.read(`pool:${owner.tablePrefix}:${ctx.testId}`, () => questionPool(db, ctx.testId));
      const byId = new Map(pool.map((q) => [q.id, q]));
      const drawn = drawQuestions(pool, ctx.qtyTotalQuestions, shufflesQuestions(ctx.slug, ctx.randomizeQuestions), cryptoInt).map((questionId, i) => {
        const q = byId.get(questionId)!;
        return { questionId, position: i + 1, title: q.title, answers: ctx.randomizeAnswers ? shuffle(q.answers, cryptoInt) : q.answers };
      });
      const deadline = attemptDeadline(ctx.slug, now, ctx.timeToAnswer);
      let attemptId: number;
      try {
        attemptId = await app.db.transaction().execute(async (trx) => {
          await policy.started?.(trx, ctx, now);
          return insertAttempt(ownedDb(trx, owner), {
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

  app.get(paths.attempt(':id', ':testId', ':attemptId'), { config: { access: 'authenticated' }, schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await policy.context(app, request, id, testId);
    const now = new Date();
    const row = await findAttempt(db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    if (ranOutOfTime(ctx, row, now)) await finish(ctx, row, 'expired', now);
    else if (policy.reloadEnds && row.status === 'in_progress') await finish(ctx, row, 'finished', now);
    return load(ctx, attemptId, now);
  });

  app.put(paths.answer(':id', ':testId', ':attemptId', ':questionId'), {
    config: { access: 'authenticated' },
    schema: { params: AnswerParams, body: AnswerBody, response: { 200: Attempt } },
  }, async (request) => {
    const { id, testId, attemptId, questionId } = request.params;
    const { answer_id: answerId, confirm = false } = request.body;
    const ctx = await policy.context(app, request, id, testId);
    const now = new Date();
    const row = await openAttemptOrRefuse(ctx, attemptId, now);
    const questions = await drawnQuestions(db, row.id);
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
    const outcome = alreadyFinal ? 'saved' : await db.transaction().execute(async (trx) => {
      if (!(await holdAttemptInProgress(trx, row.id))) return 'over' as const;
      return (await saveAnswer(trx, row.id, questionId, answerId, confirmAt)) ? 'saved' as const : 'confirmed_meanwhile' as const;
    });
    if (outcome === 'over') {
      const latest = await findAttempt(db, row.id, ctx.testId, ctx.userId);
      throw latest?.status === 'expired' ? timeExpired() : attemptOver();
    }
    if (outcome === 'confirmed_meanwhile') {
      // another request confirmed this question first: its answer stands
      const latest = (await drawnQuestions(db, row.id)).find((q) => q.questionId === questionId);
      if (latest?.answerId !== answerId) throw new HttpError(409, 'answer_already_confirmed', 'A confirmed answer cannot be changed');
    }
    const saved = questions.map((q) => (q.questionId === questionId && !alreadyFinal
      ? { ...q, answerId, confirmedAt: confirmAt ? confirmAt.toISOString() : q.confirmedAt }
      : q));
    return attemptAnswer(ctx, row, saved, [], now);
  });

  app.post(paths.submit(':id', ':testId', ':attemptId'), { config: { access: 'authenticated' }, schema: { params: AttemptParams, response: { 200: Attempt } } }, async (request) => {
    const { id, testId, attemptId } = request.params;
    const ctx = await policy.context(app, request, id, testId);
    const now = new Date();
    const row = await findAttempt(db, attemptId, ctx.testId, ctx.userId);
    if (!row) throw attemptNotFound();
    // a repeated submit (a retry after a dropped connection) answers the result already recorded
    if (row.status === 'in_progress') {
      if (ranOutOfTime(ctx, row, now)) {
        await finish(ctx, row, 'expired', now);
      } else {
        policy.refuseAnswer?.(ctx);
        // spec 2 §4.8, §5.12: "All questions must be answered before finishing"
        const questions = await drawnQuestions(db, row.id);
        if (!allAnswered(questions.map((q) => ({ answer_id: q.answerId })))) {
          throw new HttpError(400, 'you_must_answer_all_questions', 'You must answer all questions');
        }
        await finish(ctx, row, 'finished', now);
      }
    }
    return load(ctx, attemptId, now);
  });
}
