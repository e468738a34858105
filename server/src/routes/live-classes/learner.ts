import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  LEARNER_LIVE_CLASS_PATHS, LEARNER_PATHS, LearnerLiveClass, LearnerLiveClassPage, LiveClassCatalogueQuery, LiveClassRoom, LiveClassSubscription,
} from '@lp/shared/contract';
import {
  DEFAULT_TIME_ZONE, LIVE_CLASS_PLATFORM, activitiesOpen, certificateStatus, mayUnsubscribe, roomIsOpen, todayApiDate, vacanciesLeft,
} from '@lp/shared/rules';
import {
  LIVE_CLASS_OWNER, evaluationAnswered, findPublishedTest, learnerTestContext, ownedDb, publishedEvaluation, publishedTestsOf,
  registerLearnerEvaluation, registerLearnerTests, type LearnerTestContext, type LearnerTestPolicy,
} from '../../content/index.ts';
import type { LiveClassRow } from '../../db/tables/liveClass.table.ts';
import { currentCertificate, certificateVerifyUrl } from '../../learning/certificates.ts';
import { HttpError } from '../../lib/httpError.ts';
import { pageOf } from '../../lib/learnerPaging.ts';
import { IdParams } from '../../lib/params.ts';
import { completeParticipant } from '../../liveClasses/completion.ts';
import { authOf } from '../../plugins/app/auth.ts';
import type { LearnerContext } from '../../repositories/learner/context.ts';
import { learnerTest } from '../../repositories/learner/detail.ts';
import {
  LEARNER_LIVE_CLASS_STATUSES, findLearnerLiveClass, instructorNames, learnerLiveClassPage, learnerLiveClassTags, liveClassCards, participation, rolesOf,
} from '../../repositories/liveClasses/learner.ts';
import { countParticipants, markEntered, subscribe, unsubscribe } from '../../repositories/liveClasses/participants.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { liveClassNotFound } from './common.ts';

const today = (now: Date) => todayApiDate(DEFAULT_TIME_ZONE, now);
const notAvailable = () => new HttpError(403, 'live_class_not_available', 'Class unavailable - check class date');
const notFinished = () => new HttpError(403, 'live_class_not_finished', 'Activities open once the class is finished, please wait');
const notSubscribed = () => new HttpError(403, 'live_class_not_subscribed', 'You need to sign up first');

/** The class the learner sees, with how they stand in it, or 404 "Live class not found". */
async function classOf(app: FastifyInstance, ctx: LearnerContext, id: number, now: Date) {
  const row = await findLearnerLiveClass(app.db, ctx, id, today(now));
  if (!row) throw liveClassNotFound();
  const role = (await rolesOf(app.db, ctx.userId, [row.id])).get(row.id) ?? 'none';
  return { row, role };
}

const timingOf = (row: LiveClassRow) => ({ live_class_type: row.live_class_type, status: row.status, start: new Date(row.live_class_date) });

/**
 * spec 3 §4: the remaining activities (tests, the reaction evaluation) open for a participant once
 * the class is Finished; before, "please wait"; to someone who took no part, "sign up first".
 */
function refuseActivities(row: LiveClassRow, role: 'instructor' | 'participant' | 'none'): void {
  if (activitiesOpen(row.status, role)) return;
  throw role === 'participant' ? notFinished() : notSubscribed();
}

/** The live class's rules around the test engine: a published test of a class the learner took part in, once Finished. */
function testPolicy(): LearnerTestPolicy<LearnerTestContext> {
  return {
    async context(app, request, liveClassId, testId) {
      const ctx = await contextOf(app, request);
      const now = new Date();
      const { row, role } = await classOf(app, ctx, liveClassId, now);
      const test = await findPublishedTest(ownedDb(app.db, LIVE_CLASS_OWNER), ctx.clientId, LEARNER_LIVE_CLASS_STATUSES, row.id, testId);
      if (!test) throw new HttpError(404, 'not_found', 'Test not found');
      refuseActivities(row, role);
      return learnerTestContext(test, ctx.userId);
    },
    async refuseStart(_app, ctx, now) {
      if (ctx.avaliableIn && ctx.avaliableIn > today(now)) throw new HttpError(403, 'test_not_yet_available', 'Test not yet available, please wait');
    },
    // a live class has no enrollment to block or restart: a failed last attempt only uses up the attempts
    settle: (outcome) => ({ ...outcome, consequence: 'none' }),
  };
}

/**
 * The learner's live classes (spec 3 §2; spec 1 §2.2 'live_classes', 'live_classes/{id}'): the
 * list with its filters, the detail, subscribing and unsubscribing (open classes), entering the
 * room while it is open (spec 3 §9), and after Finished the tests, the reaction evaluation and the
 * certificate (spec 3 §4). docs/api.md "Learner: live classes".
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(LEARNER_LIVE_CLASS_PATHS.liveClasses, {
    config: { access: 'authenticated' }, schema: { querystring: LiveClassCatalogueQuery, response: { 200: LearnerLiveClassPage } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { count, rows } = await learnerLiveClassPage(app.db, ctx, request.query, today(now), pageOf(request.query, 12));
    return { count, results: await liveClassCards(app.db, ctx, rows, now) };
  });

  app.get(LEARNER_LIVE_CLASS_PATHS.tags, {
    config: { access: 'authenticated' }, schema: { response: { 200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) } },
  }, async (request) => learnerLiveClassTags(app.db, await contextOf(app, request), today(new Date())));

  app.get(LEARNER_LIVE_CLASS_PATHS.liveClass(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerLiveClass } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { row, role } = await classOf(app, ctx, request.params.id, now);
    const [card] = await liveClassCards(app.db, ctx, [row], now);
    const open = activitiesOpen(row.status, role);
    const owned = ownedDb(app.db, LIVE_CLASS_OWNER);
    const [tests, evaluation, mine, certificate, instructors] = await Promise.all([
      open ? publishedTestsOf(owned, row.id, ctx.userId) : Promise.resolve([]),
      open ? publishedEvaluation(owned, row.id) : Promise.resolve(null),
      participation(app.db, row.id, ctx.userId),
      currentCertificate(app.db, ctx.userId, 'live_class', row.id),
      instructorNames(app.db, row.id),
    ]);
    return {
      ...card!,
      description: row.description,
      platform: row.stream_type_id === LIVE_CLASS_PLATFORM.jitsi ? 'jitsi' as const : 'external' as const,
      instructors,
      activities_available: open,
      tests: tests.map((test) => ({ id: test.row.id, title: test.row.title, ...learnerTest(test, now) })),
      evaluation: evaluation && { ...evaluation, answered: await evaluationAnswered(owned, evaluation.id, ctx.userId) },
      completed: mine?.completed_at != null,
      certificate: certificate ? {
        id: certificate.id, status: certificateStatus(certificate.expires_at, now), earned_in: certificate.issued_at, expires_at: certificate.expires_at,
        pdf_url: `/api${LEARNER_PATHS.certificatePdf(certificate.id)}`, verify_url: certificateVerifyUrl(app.config.publicUrl, certificate.code),
      } : null,
    };
  });

  // spec 3 §2 subscribe (open classes): the seat is decided under the class's lock (repositories/liveClasses/participants.ts)
  app.post(LEARNER_LIVE_CLASS_PATHS.subscription(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LiveClassSubscription } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { row } = await classOf(app, ctx, request.params.id, now);
    const outcome = await app.db.transaction().execute((trx) => subscribe(trx, ctx.clientId, row.id, ctx.userId, now));
    if (!outcome.ok) {
      if (outcome.refusal === 'already') return { subscribed: true, vacancies: vacanciesLeft(row.maximum_participants, await countParticipants(app.db, row.id)) };
      if (outcome.refusal === 'no_vacancy') throw new HttpError(409, 'no_vacancy', 'No vacancy');
      if (outcome.refusal === 'live_class_closed') throw new HttpError(403, 'live_class_closed', 'Only invitees take part in a closed class');
      throw notAvailable();
    }
    return { subscribed: true, vacancies: vacanciesLeft(row.maximum_participants, outcome.taken) };
  });

  app.delete(LEARNER_LIVE_CLASS_PATHS.subscription(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LiveClassSubscription } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { row, role } = await classOf(app, ctx, request.params.id, now);
    if (role === 'participant') {
      if (!mayUnsubscribe(timingOf(row), now)) throw row.live_class_type === 'closed' ? new HttpError(403, 'live_class_closed', 'Only invitees take part in a closed class') : notAvailable();
      await unsubscribe(app.db, row.id, ctx.userId);
    }
    return { subscribed: false, vacancies: vacanciesLeft(row.maximum_participants, await countParticipants(app.db, row.id)) };
  });

  // spec 3 §2 "enter the class when the room is open", §9 the windows; the instructor moderates (starts) the room
  app.get(LEARNER_LIVE_CLASS_PATHS.room(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LiveClassRoom } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const now = new Date();
    const { row, role } = await classOf(app, ctx, request.params.id, now);
    if (role === 'none') throw row.live_class_type === 'closed' ? new HttpError(403, 'live_class_closed', 'Only invitees take part in a closed class') : notSubscribed();
    if (!roomIsOpen(timingOf(row), role, now)) throw notAvailable();
    if (role === 'participant') await markEntered(app.db, row.id, ctx.userId, now);
    const moderator = role === 'instructor';
    if (row.stream_type_id === LIVE_CLASS_PLATFORM.jitsi) {
      return { platform: 'jitsi' as const, domain: app.config.jitsiDomain, room_name: `lp-${row.room_key}`, moderator, display_name: authOf(request).user.full_name };
    }
    return { platform: 'external' as const, url: row.transmission_url ?? '', moderator };
  });

  // spec 3 §2 reaction tests: answered once, by a participant, after Finished; answering may complete the class
  registerLearnerEvaluation(app, LIVE_CLASS_OWNER, {
    learner: (a: FastifyInstance, request: FastifyRequest) => contextOf(a, request),
    async open(trx, ctx, id) {
      const row = await findLearnerLiveClass(trx, ctx, id, today(new Date()));
      if (!row) throw liveClassNotFound();
      refuseActivities(row, (await rolesOf(trx, ctx.userId, [row.id])).get(row.id) ?? 'none');
    },
    async answered(trx, ctx, id) {
      const row = await findLearnerLiveClass(trx, ctx, id, today(new Date()));
      if (row) await completeParticipant(trx, app.config, row, ctx.userId);
    },
    missing: 'This live class has no reaction evaluation',
  });

  registerLearnerTests(app, LIVE_CLASS_OWNER, testPolicy());
};
export default learner;
