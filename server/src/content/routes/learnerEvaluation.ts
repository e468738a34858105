import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { EvaluationAnswersBody, LearnerEvaluation, type ErrorCode } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { HttpError } from '../../lib/httpError.ts';
import type { OwnerKind } from '../owner.ts';
import { ownedDb } from '../ownedDb.ts';
import {
  evaluationAnswered, publishedEvaluation, saveEvaluationAnswers, type EvaluationAnswer, type PublishedEvaluation,
} from '../repository/evaluations.ts';
import { IdParams } from '../../lib/params.ts';


const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/**
 * The answers to store, one per question with the field its type needs (grade 0–10, stars 0–5,
 * non-empty text); a question left out or answered with the wrong field is refused on its key.
 */
export function checkedAnswers(evaluation: PublishedEvaluation, body: Static<typeof EvaluationAnswersBody>): EvaluationAnswer[] {
  const given = new Map<number, Static<typeof EvaluationAnswersBody>['answers'][number]>();
  const fields: Record<string, ErrorCode> = {};
  for (const answer of body.answers) {
    if (given.has(answer.question_id) || !evaluation.questions.some((q) => q.id === answer.question_id)) {
      fields[`answers.${answer.question_id}`] = 'validation_error';
    }
    given.set(answer.question_id, answer);
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'validation_error', 'Answers must name each question of the evaluation once', fields);
  const out: EvaluationAnswer[] = [];
  for (const q of evaluation.questions) {
    const a = given.get(q.id);
    const text = a?.text?.trim() ?? '';
    const value: EvaluationAnswer | null =
      q.type === 'grade_0_10' ? (a?.grade !== undefined ? { questionId: q.id, grade: a.grade, stars: null, text: null } : null)
        : q.type === 'stars' ? (a?.stars !== undefined ? { questionId: q.id, grade: null, stars: a.stars, text: null } : null)
          : text ? { questionId: q.id, grade: null, stars: null, text } : null;
    if (value) out.push(value);
    else fields[`answers.${q.id}`] = REQUIRED;
  }
  if (Object.keys(fields).length) throw new HttpError(400, REQUIRED, 'Every question needs an answer', fields);
  return out;
}

/** Who answers, and when they may: the owner kind's rules around the shared evaluation. */
export interface LearnerEvaluationPolicy<L extends { userId: number }> {
  /** the learner, read before the answering transaction */
  learner(app: FastifyInstance, request: FastifyRequest): Promise<L>;
  /** inside it: throws unless the learner may answer the owner's evaluation now (its own 404, finished first …) */
  open(trx: Db, learner: L, ownerId: number): Promise<void>;
  /** the 404 detail of an owner without a published evaluation */
  missing: string;
  /** in the same transaction, after the answers are stored: what answering completes (a live class's certificate) */
  answered?(trx: Db, learner: L, ownerId: number): Promise<void>;
}

/**
 * spec 2 §2.1, §3.5, §4.10: the learner answers the owner's published reaction evaluation once
 * (a second answer, or two at the same moment, 409), in one transaction.
 */
export function registerLearnerEvaluation<L extends { userId: number }>(
  parent: FastifyInstance, owner: OwnerKind, policy: LearnerEvaluationPolicy<L>,
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(owner.learner.evaluation(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: EvaluationAnswersBody, response: { 200: LearnerEvaluation } },
  }, async (request) => {
    const learner = await policy.learner(app, request);
    const { id } = request.params;
    return app.db.transaction().execute(async (trx) => {
      await policy.open(trx, learner, id);
      const db = ownedDb(trx, owner);
      const evaluation = await publishedEvaluation(db, id);
      if (!evaluation) throw new HttpError(404, 'not_found', policy.missing);
      const already = () => new HttpError(409, 'evaluation_already_answered', 'You have already answered this evaluation');
      if (await evaluationAnswered(db, evaluation.id, learner.userId)) throw already();
      const answers = checkedAnswers(evaluation, request.body);
      try {
        await saveEvaluationAnswers(db, evaluation.id, learner.userId, answers);
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
      await policy.answered?.(trx, learner, id);
      return { ...evaluation, answered: true };
    });
  });
}
