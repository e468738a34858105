import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import {
  CommentBody, EvaluationAnswersBody, LEARNER_PATHS, LearnerComment, LearnerCommentPage, LearnerEvaluation, type ErrorCode,
} from '@lp/shared';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/dialect.ts';
import { HttpError } from '../../../lib/httpError.ts';
import { addComment } from '../../../repositories/comments.ts';
import type { LearnerContext } from '../../../repositories/learner/context.ts';
import {
  evaluationAnswered, hasCommented, learnerComment, publishedComments, publishedEvaluation, saveEvaluationAnswers,
  type EvaluationAnswer, type PublishedEvaluation,
} from '../../../repositories/learner/feedback.ts';
import { findEnrollment } from '../../../repositories/learner/progress.ts';
import { LearnerPageQuery, pageOf } from '../paging.ts';
import { TrainingParams, contextOf, learnerTrainingOr404 } from './common.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

const mustFinish = () => new HttpError(403, 'you_need_to_complete_all_activities', 'You need to complete all activities');

async function requireFinished(db: Db, ctx: LearnerContext, trainingId: number): Promise<void> {
  const enrollment = await findEnrollment(db, ctx.userId, trainingId);
  if (enrollment?.status !== 'finished') throw mustFinish();
}

/**
 * The answers to store, one per question with the field its type needs (grade 0–10, stars 0–5,
 * non-empty text); a question left out or answered with the wrong field is refused on its key.
 * The webcast evaluation (server/src/routes/webcasts/learner.ts) checks its answers here too.
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

/**
 * spec 2 §2.1 reaction evaluation and comment, both after finishing (§4.10, §5.12): the
 * evaluation is answered once; a training is commented once per user. Comments go to the
 * comments table (origin 'training') published, as the moderation tab (§2.7) expects to find
 * them: moderators unpublish or delete afterwards (§4.3); nothing in the spec holds them back.
 */
const feedback: FastifyPluginAsyncTypebox = async (app) => {
  app.post(LEARNER_PATHS.evaluation(':id'), {
    schema: { params: TrainingParams, body: EvaluationAnswersBody, response: { 200: LearnerEvaluation } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    return app.db.transaction().execute(async (trx) => {
      await learnerTrainingOr404(trx, ctx, id);
      await requireFinished(trx, ctx, id);
      const evaluation = await publishedEvaluation(trx, id);
      if (!evaluation) throw new HttpError(404, 'not_found', 'This training has no reaction evaluation');
      const already = () => new HttpError(409, 'evaluation_already_answered', 'You have already answered this evaluation');
      if (await evaluationAnswered(trx, evaluation.id, ctx.userId)) throw already();
      const answers = checkedAnswers(evaluation, request.body);
      try {
        await saveEvaluationAnswers(trx, evaluation.id, ctx.userId, answers);
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
      return { ...evaluation, answered: true };
    });
  });

  app.get(LEARNER_PATHS.comments(':id'), {
    schema: { params: TrainingParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    await learnerTrainingOr404(app.db, ctx, id);
    // spec 2 §1: the client setting use_comments_group_training switches comments off
    if (!ctx.flags.use_comments_group_training) return { count: 0, results: [] };
    return publishedComments(app.db, ctx.clientId, 'training', id, ctx.userId, pageOf(request.query));
  });

  app.post(LEARNER_PATHS.comments(':id'), {
    schema: { params: TrainingParams, body: CommentBody, response: { 201: LearnerComment } },
  }, async (request, reply) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    const text = request.body.comment.trim();
    if (!text) throw new HttpError(400, REQUIRED, 'The comment is empty', { comment: REQUIRED });
    const comment = await app.db.transaction().execute(async (trx) => {
      await learnerTrainingOr404(trx, ctx, id);
      if (!ctx.flags.use_comments_group_training) throw new HttpError(403, 'comments_disabled', 'Comments are not enabled');
      await requireFinished(trx, ctx, id);
      const already = () => new HttpError(409, 'you_already_commented', 'you already commented');
      if (await hasCommented(trx, ctx.clientId, 'training', id, ctx.userId)) throw already();
      try {
        const commentId = await addComment(trx, {
          clientId: ctx.clientId, origin: 'training', originId: id, userId: ctx.userId, comment: text, stars: request.body.stars ?? null,
        });
        return (await learnerComment(trx, commentId, ctx.userId))!;
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
    });
    reply.code(201);
    return comment;
  });
};
export default feedback;
