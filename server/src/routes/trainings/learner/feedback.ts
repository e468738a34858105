import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CommentBody, LEARNER_PATHS, LearnerComment, LearnerCommentPage, type ErrorCode } from '@lp/shared/contract';
import {
  TRAINING_OWNER, addComment, hasCommented, learnerComment, publishedComments, registerLearnerEvaluation,
} from '../../../content/index.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/dialect.ts';
import { HttpError } from '../../../lib/httpError.ts';
import type { LearnerContext } from '../../../repositories/learner/context.ts';
import { findEnrollment } from '../../../repositories/learner/progress.ts';
import { LearnerPageQuery, pageOf } from '../../../lib/learnerPaging.ts';
import { contextOf, learnerTrainingOr404 } from './common.ts';
import { IdParams } from '../../../lib/params.ts';

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

const mustFinish = () => new HttpError(403, 'you_need_to_complete_all_activities', 'You need to complete all activities');

async function requireFinished(db: Db, ctx: LearnerContext, trainingId: number): Promise<void> {
  const enrollment = await findEnrollment(db, ctx.userId, trainingId);
  if (enrollment?.status !== 'finished') throw mustFinish();
}

/**
 * spec 2 §2.1 reaction evaluation and comment, both after finishing (§4.10, §5.12): the
 * evaluation is answered once; a training is commented once per user. Comments go to the
 * comments table (origin 'training') published, as the moderation tab (§2.7) expects to find
 * them: moderators unpublish or delete afterwards (§4.3); nothing in the spec holds them back.
 */
const feedback: FastifyPluginAsyncTypebox = async (app) => {
  registerLearnerEvaluation(app, TRAINING_OWNER, {
    learner: contextOf,
    async open(trx, ctx, id) {
      await learnerTrainingOr404(trx, ctx, id);
      await requireFinished(trx, ctx, id);
    },
    missing: 'This training has no reaction evaluation',
  });

  app.get(LEARNER_PATHS.comments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, querystring: LearnerPageQuery, response: { 200: LearnerCommentPage } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    await learnerTrainingOr404(app.db, ctx, id);
    // spec 2 §1: the client setting use_comments_group_training switches comments off
    if (!ctx.flags.use_comments_group_training) return { count: 0, results: [] };
    return publishedComments(app.db, ctx.clientId, 'training', id, ctx.userId, pageOf(request.query));
  });

  app.post(LEARNER_PATHS.comments(':id'), {
    config: { access: 'authenticated' },
    schema: { params: IdParams, body: CommentBody, response: { 201: LearnerComment } },
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
