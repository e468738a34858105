import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CONTENT_STATUS, EvaluationAnswersBody, LEARNER_WEBCAST_PATHS, LearnerEvaluation, LearnerWebcast, LearnerWebcastPage, WEBCAST_TYPE,
  WebcastCatalogueQuery, WebcastSubscription, embedPlayerUrl, webcastTestsOpen, type LearnerWebcast as LearnerWebcastType,
} from '@lp/shared';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, toBool } from '../../db/dialect.ts';
import type { GroupTrainingTestRow } from '../../db/tables/training.table.ts';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import type { LearnerContext } from '../../repositories/learner/context.ts';
import { learnerTest } from '../../repositories/learner/detail.ts';
import {
  evaluationAnswered, publishedEvaluation, saveEvaluationAnswers, type EvaluationAnswerTables,
} from '../../repositories/learner/feedback.ts';
import { applyFilters, findLearnerWebcast, visibleWebcasts, webcastCards } from '../../repositories/learner/webcasts.ts';
import { hlsPlaybackUrl, subscribe } from '../../repositories/webcasts.ts';
import { pageOf } from '../learner/paging.ts';
import { checkedAnswers } from '../learner/trainings/feedback.ts';
import { contextOf } from '../learner/trainings/common.ts';
import learnerTests, { notFinished, webcastNotFound } from './learnerTests.ts';

const Params = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const WEBCAST_EVALUATION_ANSWERS: EvaluationAnswerTables = {
  evaluations: 'webcast_evaluations', parentColumn: 'webcast_id', questions: 'webcast_evaluation_questions', answers: 'webcast_evaluation_answers',
};

/** spec 2 §3.11 embed of types 1, 3 and 5 as the portal frames it: the provider's player for YouTube and Vimeo links. */
function embedOf(row: WebcastRow): string | null {
  if (row.webcast_type_id === WEBCAST_TYPE.browserStreaming || !row.embed || row.embed === 'none') return null;
  const slug = row.webcast_type_id === WEBCAST_TYPE.youtube ? 'youtube' : row.webcast_type_id === WEBCAST_TYPE.vimeo ? 'vimeo' : null;
  const player = slug ? embedPlayerUrl(slug, row.embed) : null;
  if (player) return player;
  try {
    const url = new URL(row.embed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The published tests with the learner's attempts: only once the webcast is finished (spec 2 §2.1). */
async function testsOf(db: Db, ctx: LearnerContext, webcastId: number, now: Date): Promise<LearnerWebcastType['tests']> {
  const tests = await db.selectFrom('webcast_tests as t')
    .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
    .selectAll('t').select('tt.slug')
    .select((eb) => eb.selectFrom('webcast_test_questions as q').select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('q.test_id', '=', 't.id').as('question_count'))
    .where('t.webcast_id', '=', webcastId).where('t.status', '=', CONTENT_STATUS.published)
    .orderBy('t.id').execute();
  if (tests.length === 0) return [];
  const attempts = await db.selectFrom('webcast_test_results').selectAll()
    .where('user_id', '=', ctx.userId).where('test_id', 'in', tests.map((t) => t.id)).orderBy('attempt_number').execute();
  return tests.map(({ slug, question_count: count, ...row }) => ({
    id: row.id,
    title: row.title,
    // the webcast test row has the training test's columns (webcast_id in place of group_training_id)
    ...learnerTest({
      row: { ...row, group_training_id: webcastId } as unknown as GroupTrainingTestRow,
      slug, questionCount: Number(count ?? 0), attempts: attempts.filter((a) => a.test_id === row.id),
    }, now),
  }));
}

/**
 * The learner's webcasts (spec 2 §2.1 'webcasts', 'webcasts/{id}'): the list with its filters,
 * the watch page's data, subscribing (the learner becomes a guest), the reaction evaluation
 * once the webcast is finished, and the tests (learnerTests.ts). docs/api.md "Learner: webcasts".
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(LEARNER_WEBCAST_PATHS.webcasts, { schema: { querystring: WebcastCatalogueQuery, response: { 200: LearnerWebcastPage } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { offset, limit } = pageOf(request.query, 12);
    const base = applyFilters(app.db, ctx, request.query, now);
    const [total, rows] = await Promise.all([
      base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.orderBy('webcasts.transmission_date', 'desc').orderBy('webcasts.id', 'desc').offset(offset).limit(limit).execute(),
    ]);
    return { count: Number(total.n), results: await webcastCards(app.db, ctx, rows, now) };
  });

  app.get(LEARNER_WEBCAST_PATHS.tags, {
    schema: { response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const visible = visibleWebcasts(app.db, ctx).clearSelect().select('webcasts.id');
    return app.db.selectFrom('tags').innerJoin('webcast_tags', 'webcast_tags.tag_id', 'tags.id')
      .select(['tags.id', 'tags.name']).distinct()
      .where('webcast_tags.webcast_id', 'in', visible)
      .orderBy('tags.name').orderBy('tags.id').execute();
  });

  app.get(LEARNER_WEBCAST_PATHS.webcast(':id'), { schema: { params: Params, response: { 200: LearnerWebcast } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const row = await findLearnerWebcast(app.db, ctx, request.params.id);
    if (!row) throw webcastNotFound();
    const [card] = await webcastCards(app.db, ctx, [row], now);
    const open = webcastTestsOpen(row.status);
    const [tests, evaluation, materials] = await Promise.all([
      open ? testsOf(app.db, ctx, row.id, now) : Promise.resolve([]),
      open ? publishedEvaluation(app.db, row.id, WEBCAST_EVALUATION_ANSWERS) : Promise.resolve(null),
      app.db.selectFrom('webcast_materials').selectAll().where('webcast_id', '=', row.id).where('status', '=', CONTENT_STATUS.published)
        .where('resource', 'is not', null).orderBy('id').execute(),
    ]);
    return {
      ...card!,
      description: row.description,
      embed: embedOf(row),
      // the live stream, or the recording once saved; nothing before the transmission or while converting
      webcast_player_hls_playback_url: card!.state === 'live' || card!.state === 'finished' ? hlsPlaybackUrl(app.config.publicUrl, row.hls_path) : null,
      use_chat: toBool(row.use_chat),
      chat_moderated: toBool(row.chat_moderated),
      tests_available: open,
      tests,
      evaluation: evaluation && { ...evaluation, answered: await evaluationAnswered(app.db, evaluation.id, ctx.userId, WEBCAST_EVALUATION_ANSWERS) },
      materials: materials.map((m) => ({
        id: m.id, title: m.title, extension: m.extension, size: m.size === null ? null : Number(m.size), resource_url: app.mediaUrls(request)(m.resource!),
      })),
    };
  });

  app.post(LEARNER_WEBCAST_PATHS.subscribe(':id'), { schema: { params: Params, response: { 200: WebcastSubscription } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await findLearnerWebcast(app.db, ctx, request.params.id);
    if (!row) throw webcastNotFound();
    await subscribe(app.db, row.id, ctx.userId);
    return { subscribed: true };
  });

  // spec 2 §3.5 reaction evaluation, answered once, after the end (as the tests)
  app.post(LEARNER_WEBCAST_PATHS.evaluation(':id'), {
    schema: { params: Params, body: EvaluationAnswersBody, response: { 200: LearnerEvaluation } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id } = request.params;
    return app.db.transaction().execute(async (trx) => {
      const row = await findLearnerWebcast(trx, ctx, id);
      if (!row) throw webcastNotFound();
      if (!webcastTestsOpen(row.status)) throw notFinished();
      const evaluation = await publishedEvaluation(trx, id, WEBCAST_EVALUATION_ANSWERS);
      if (!evaluation) throw new HttpError(404, 'not_found', 'This webinar has no reaction evaluation');
      const already = () => new HttpError(409, 'evaluation_already_answered', 'You have already answered this evaluation');
      if (await evaluationAnswered(trx, evaluation.id, ctx.userId, WEBCAST_EVALUATION_ANSWERS)) throw already();
      try {
        await saveEvaluationAnswers(trx, evaluation.id, ctx.userId, checkedAnswers(evaluation, request.body), WEBCAST_EVALUATION_ANSWERS);
      } catch (error) {
        if (isUniqueViolation(error)) throw already();
        throw error;
      }
      return { ...evaluation, answered: true };
    });
  });

  await app.register(learnerTests);
};
export default learner;
