/**
 * Learners are pointed to what opens to them (issue 20 item 4; spec 3 §2, §3): a survey newly
 * published in their audience, a drill day opening today, a general test newly available in their
 * audience. Each announcement is an in-app notification per recipient (notifications table, kind
 * `survey_published`, `drill_open_today`, `general_test_available`) with the portal page as its
 * link and the text already in the recipient's language (`text`, from the server's texts under
 * `mail.notices`; the admin bell words the kind itself in the reader's language).
 *
 * The job 'learner_notices.announce' runs when an admin publishes and then every hour, so content
 * whose dates come later (a start date, a publish date, the next drill day) is announced when it
 * opens. `learner_notices` keeps one row per announcement: its unique key makes the first run the
 * only one that tells anybody, however many run at once.
 */
import type { FastifyInstance } from 'fastify';
import type { NotificationKind } from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, DRILL_STATUS, GENERAL_TEST_STATUS, SURVEY_STATUS, isDrillDay, todayApiDate } from '@lp/shared/rules';
import { memberInAudienceOf } from '../content/audience/index.ts';
import type { Db } from '../db/database.ts';
import type { LearnerNoticeTable } from '../db/tables/job.table.ts';
import { translate } from '../lib/i18n.ts';
import { canLogIn } from '../repositories/users.ts';

export const LEARNER_NOTICES_JOB = 'learner_notices.announce';
const HOUR_MS = 60 * 60 * 1000;
/** notifications written per insert */
const BATCH = 500;

type ContentType = LearnerNoticeTable['content_type'];

interface Announcement {
  clientId: number;
  contentType: ContentType;
  contentId: number;
  /** `open`, or the drill day */
  occasion: string;
  title: string;
}

const KIND: Record<ContentType, NotificationKind> = {
  survey: 'survey_published', drill: 'drill_open_today', general_test: 'general_test_available',
};
/** the portal page each one points to (portal/src/routes.tsx) */
const LINK: Record<ContentType, (id: number) => string> = {
  survey: (id) => `/surveys/${id}`, drill: (id) => `/drills/${id}`, general_test: (id) => `/general_tests/${id}`,
};

/** What is open today and was not announced yet. */
export async function dueAnnouncements(db: Db, today: string): Promise<Announcement[]> {
  const surveys = await db.selectFrom('surveys').select(['id', 'client_id', 'title'])
    .where('status', '=', SURVEY_STATUS.published).where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('learner_notices as n').select('n.id')
      .where('n.content_type', '=', 'survey').where('n.occasion', '=', 'open').whereRef('n.content_id', '=', 'surveys.id'))))
    .orderBy('id').execute();
  const tests = await db.selectFrom('general_tests').select(['id', 'client_id', 'title'])
    .where('status', '=', GENERAL_TEST_STATUS.published).where('publish_date', '<=', today)
    .where((eb) => eb.or([eb('unpublish_date', 'is', null), eb('unpublish_date', '>=', today)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('learner_notices as n').select('n.id')
      .where('n.content_type', '=', 'general_test').where('n.occasion', '=', 'open').whereRef('n.content_id', '=', 'general_tests.id'))))
    .orderBy('id').execute();
  const drills = (await db.selectFrom('drills').selectAll()
    .where('status', '=', DRILL_STATUS.published).where('start_date', '<=', today).where('end_date', '>=', today)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('learner_notices as n').select('n.id')
      .where('n.content_type', '=', 'drill').where('n.occasion', '=', today).whereRef('n.content_id', '=', 'drills.id'))))
    .orderBy('id').execute()).filter((d) => isDrillDay(d, today));
  return [
    ...surveys.map((s) => ({ clientId: s.client_id, contentType: 'survey' as const, contentId: s.id, occasion: 'open', title: s.title })),
    ...drills.map((d) => ({ clientId: d.client_id, contentType: 'drill' as const, contentId: d.id, occasion: today, title: d.title })),
    ...tests.map((g) => ({ clientId: g.client_id, contentType: 'general_test' as const, contentId: g.id, occasion: 'open', title: g.title })),
  ];
}

/**
 * Who is told: members of the content's client who can log in — in the survey's or general
 * test's audience (the learner's own rule, content/audience), every member for a drill (the spec
 * gives drills no audience; the learner side opens them to the whole client).
 */
async function recipients(db: Db, a: Announcement): Promise<Array<{ id: number; language_id: number | null }>> {
  let query = db.selectFrom('user_clients').innerJoin('users', 'users.id', 'user_clients.user_id')
    .select(['users.id', 'users.language_id', 'users.status'])
    .where('user_clients.client_id', '=', a.clientId);
  if (a.contentType !== 'drill') query = query.where(memberInAudienceOf(a.contentType, a.contentId));
  const rows = await query.orderBy('users.id').execute();
  return rows.filter((u) => canLogIn(u.status));
}

/** Announces one: claims it, then tells each recipient, in one transaction. Answers how many were told (0 when another run had it). */
async function announce(db: Db, a: Announcement): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx.insertInto('learner_notices')
      .values({ client_id: a.clientId, content_type: a.contentType, content_id: a.contentId, occasion: a.occasion, created_at: new Date() })
      .onConflict((oc) => oc.columns(['content_type', 'content_id', 'occasion']).doNothing())
      .returning('id').executeTakeFirst();
    if (!claim) return 0;
    const people = await recipients(trx, a);
    const link = LINK[a.contentType](a.contentId);
    const kind = KIND[a.contentType];
    const now = new Date();
    for (let i = 0; i < people.length; i += BATCH) {
      await trx.insertInto('notifications').values(people.slice(i, i + BATCH).map((p) => ({
        user_id: p.id, client_id: a.clientId, kind, read_at: null, created_at: now,
        payload: JSON.stringify({ id: a.contentId, title: a.title, link, text: translate(p.language_id, `mail.notices.${kind}`, { title: a.title }) }),
      }))).execute();
    }
    await trx.updateTable('learner_notices').set({ recipients: people.length }).where('id', '=', claim.id).execute();
    return people.length;
  });
}

/**
 * Counts what is due on `today` as announced without telling anybody: the demo seed's content,
 * made before anyone could have been told, is no news (the migration does the same for what
 * existed before these notices).
 */
export async function markAnnounced(db: Db, today: string): Promise<void> {
  for (const a of await dueAnnouncements(db, today)) {
    await db.insertInto('learner_notices')
      .values({ client_id: a.clientId, content_type: a.contentType, content_id: a.contentId, occasion: a.occasion, created_at: new Date() })
      .onConflict((oc) => oc.columns(['content_type', 'content_id', 'occasion']).doNothing()).execute();
  }
}

/** The job's work on `now`'s day (the learner side's today): every due announcement; answers how many notifications. */
export async function runLearnerNotices(db: Db, now = new Date()): Promise<number> {
  const today = todayApiDate(DEFAULT_TIME_ZONE, now);
  let told = 0;
  for (const a of await dueAnnouncements(db, today)) told += await announce(db, a);
  return told;
}

/** '2026-11-22T10': the hour a periodic run belongs to (UTC). */
const hourSlot = (at: Date): string => at.toISOString().slice(0, 13);

/** The periodic run for the hour of `at` (one per hour across nodes, the dedupe key names it). */
export async function scheduleLearnerNotices(app: FastifyInstance, at: Date): Promise<void> {
  await app.jobs.enqueue(LEARNER_NOTICES_JOB, { slot: hourSlot(at) }, {
    dedupeKey: `${LEARNER_NOTICES_JOB}@${hourSlot(at)}`, delayMs: Math.max(0, at.getTime() - Date.now()),
  });
}

/**
 * A run now, after an admin saved a published survey, drill or general test (the periodic one may
 * be an hour away). No dedupe key: a run already going may have read the content before this save.
 */
export async function announceNow(app: FastifyInstance): Promise<void> {
  await app.jobs.enqueue(LEARNER_NOTICES_JOB, { slot: null });
}

export const nextHour = (now = Date.now()) => new Date(Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS);
