import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  LEARNER_WEBCAST_PATHS, LearnerWebcast, LearnerWebcastPage, WebcastCatalogueQuery, WebcastSubscription,
  type LearnerWebcast as LearnerWebcastType,
} from '@lp/shared/contract';
import { WEBCAST_TYPE, embedPlayerUrl, webcastIsWatchable, webcastTestsOpen } from '@lp/shared/rules';
import {
  WEBCAST_OWNER, evaluationAnswered, ownedDb, publishedEvaluation, publishedMaterials, publishedTestsOf, registerLearnerEvaluation,
  type OwnedDb,
} from '../../content/index.ts';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import type { LearnerContext } from '../../repositories/learner/context.ts';
import { learnerTest } from '../../repositories/learner/detail.ts';
import {
  findLearnerWebcast, learnerWebcastPage, learnerWebcastTags, webcastCards,
} from '../../repositories/learner/webcasts.ts';
import { hlsPlaybackUrl, recordWebcastWatched, subscribe } from '../../repositories/webcasts.ts';
import { syncTrailsHolding } from '../../trails/certificateSync.ts';
import { pageOf } from '../../lib/learnerPaging.ts';
import { contextOf } from '../trainings/learner/common.ts';
import learnerTests, { notFinished, webcastNotFound } from './learnerTests.ts';
import { IdParams } from '../../lib/params.ts';
import { webrtcPlaybackUrl } from './whep.ts';


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
async function testsOf(db: OwnedDb, ctx: LearnerContext, webcastId: number, now: Date): Promise<LearnerWebcastType['tests']> {
  const tests = await publishedTestsOf(db, webcastId, ctx.userId);
  return tests.map((test) => ({ id: test.row.id, title: test.row.title, ...learnerTest(test, now) }));
}

/**
 * The learner's webcasts (spec 2 §2.1 'webcasts', 'webcasts/{id}'): the list with its filters,
 * the watch page's data (opening it while watchable records that the learner watched it),
 * subscribing (the learner becomes a guest), the reaction evaluation
 * once the webcast is finished, and the tests (learnerTests.ts). docs/api.md "Learner: webcasts".
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {

  app.get(LEARNER_WEBCAST_PATHS.webcasts, { config: { access: 'authenticated' }, schema: { querystring: WebcastCatalogueQuery, response: { 200: LearnerWebcastPage } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { offset, limit } = pageOf(request.query, 12);
    const { count, rows } = await learnerWebcastPage(app.db, ctx, request.query, now, { offset, limit });
    return { count, results: await webcastCards(app.db, ctx, rows, now) };
  });

  app.get(LEARNER_WEBCAST_PATHS.tags, {
    config: { access: 'authenticated' },
    schema: { response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    return learnerWebcastTags(app.db, ctx);
  });

  // also answers an administrator's preview as a learner (config.preview; docs/security.md "Preview grants")
  app.get(LEARNER_WEBCAST_PATHS.webcast(':id'), { config: { access: 'authenticated', preview: 'webcast' }, schema: { params: IdParams, response: { 200: LearnerWebcast } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const row = await findLearnerWebcast(app.db, ctx, request.params.id);
    if (!row) throw webcastNotFound();
    const [card] = await webcastCards(app.db, ctx, [row], now);
    // a preview records nothing (spec 1 §2.3 "view editor as a student")
    if (webcastIsWatchable(card!.state) && !ctx.preview) {
      // spec 2 §2.4: opening it with something to watch is watching it — a done trail module
      await app.db.transaction().execute(async (trx) => {
        await recordWebcastWatched(trx, row.id, ctx.userId);
        await syncTrailsHolding(trx, app.config, { clientId: ctx.clientId, kind: 'webcast', itemId: row.id, userId: ctx.userId });
      });
    }
    const open = webcastTestsOpen(row.status);
    const owned = ownedDb(app.db, WEBCAST_OWNER);
    const [tests, evaluation, materials] = await Promise.all([
      open ? testsOf(owned, ctx, row.id, now) : Promise.resolve([]),
      open ? publishedEvaluation(owned, row.id) : Promise.resolve(null),
      publishedMaterials(owned, row.id, app.mediaUrls(request)),
    ]);
    return {
      ...card!,
      description: row.description,
      embed: embedOf(row),
      // the live stream, or the recording once saved; nothing before the transmission or while converting
      webcast_player_hls_playback_url: card!.state === 'live' || card!.state === 'finished' ? hlsPlaybackUrl(app.origins(request).app, row.hls_path) : null,
      // the low-latency way to the same live picture, given to the same callers (HLS stays the fallback)
      webcast_player_webrtc_playback_url: card!.state === 'live' && row.webcast_type_id === WEBCAST_TYPE.browserStreaming
        ? await webrtcPlaybackUrl(app, request, row.id) : null,
      use_chat: row.use_chat,
      chat_moderated: row.chat_moderated,
      tests_available: open,
      tests,
      evaluation: evaluation && { ...evaluation, answered: await evaluationAnswered(owned, evaluation.id, ctx.userId) },
      materials,
    };
  });

  app.post(LEARNER_WEBCAST_PATHS.subscribe(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: WebcastSubscription } } }, async (request) => {
    const ctx = await contextOf(app, request);
    const row = await findLearnerWebcast(app.db, ctx, request.params.id);
    if (!row) throw webcastNotFound();
    await subscribe(app.db, row.id, ctx.userId);
    return { subscribed: true };
  });

  // spec 2 §3.5 reaction evaluation, answered once, after the end (as the tests)
  registerLearnerEvaluation(app, WEBCAST_OWNER, {
    learner: contextOf,
    async open(trx, ctx, id) {
      const row = await findLearnerWebcast(trx, ctx, id);
      if (!row) throw webcastNotFound();
      if (!webcastTestsOpen(row.status)) throw notFinished();
    },
    missing: 'This webinar has no reaction evaluation',
  });

  await app.register(learnerTests);
};
export default learner;
