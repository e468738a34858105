/**
 * The forum (spec 2 §3.10, §4.11): topics keyed by origin and the origin row's id (the training
 * forum is origin 'training'), their replies and likes, always within the selected client. One
 * module for the admin moderation routes and the learner routes: callers pass the statuses a
 * reader may see and the viewer whose own like `liked` reports.
 *
 * Counters kept on the topic: `likes` and `qty_answers` (published replies) are recounted from
 * their rows after each change, so a repeated like or a status flip never drifts them.
 */
import type { ForumReply, ForumTopic, ForumTopicItem, NotificationPayload } from '@lp/shared/contract';
import { FORUM_STATUS } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { sqlBool } from '../db/computed.ts';
import { runList, type ListRequest, type ListSpec } from '../lib/list.ts';
import { notify } from './notifications.ts';

export type ForumOrigin = 'training';

/** Where a forum lives: the client and the content row it hangs from. */
export interface ForumScope {
  clientId: number;
  origin: ForumOrigin;
  originId: number;
}

/** Who reads: their own likes are reported as `liked`; `statuses` limits what they may see (null = all). */
export interface ForumReader {
  userId: number;
  statuses: readonly number[] | null;
}

export const TOPIC_LIST_SPEC: ListSpec = {
  // spec 2 §2.3 search: the topic and its author
  searchColumns: ['forum_topics.title', 'users.full_name'],
  sortable: {
    id: 'forum_topics.id', title: 'forum_topics.title', status: 'forum_topics.status', report: 'forum_topics.reported',
    likes: 'forum_topics.likes', qty_answers: 'forum_topics.qty_answers', updated_date: 'forum_topics.updated_at',
    created_in: 'forum_topics.created_at', author: 'users.full_name',
  },
  defaultOrdering: '-updated_date',
  filters: { status: 'forum_topics.status', report: 'forum_topics.reported' },
};

export const REPLY_LIST_SPEC: ListSpec = {
  searchColumns: ['forum_replies.text', 'users.full_name'],
  sortable: {
    id: 'forum_replies.id', created_in: 'forum_replies.created_at', updated_date: 'forum_replies.updated_at',
    status: 'forum_replies.status', report: 'forum_replies.reported', likes: 'forum_replies.likes', author: 'users.full_name',
  },
  // a conversation reads oldest first
  defaultOrdering: 'created_in',
  filters: { status: 'forum_replies.status', report: 'forum_replies.reported' },
};

// ---- reads ----

function topicQuery(db: Db, scope: ForumScope, reader: ForumReader) {
  let qb = db.selectFrom('forum_topics')
    .innerJoin('users', 'users.id', 'forum_topics.user_id')
    .select([
      'forum_topics.id', 'forum_topics.title', 'forum_topics.status', 'forum_topics.reported', 'forum_topics.likes',
      'forum_topics.qty_answers', 'forum_topics.created_at', 'forum_topics.updated_at', 'forum_topics.user_id', 'users.full_name',
    ])
    .select((eb) => eb.exists(eb.selectFrom('forum_topic_likes').select('forum_topic_likes.topic_id')
      .whereRef('forum_topic_likes.topic_id', '=', 'forum_topics.id')
      .where('forum_topic_likes.user_id', '=', reader.userId)).as('liked'))
    .where('forum_topics.client_id', '=', scope.clientId)
    .where('forum_topics.origin', '=', scope.origin)
    .where('forum_topics.origin_id', '=', scope.originId);
  if (reader.statuses) qb = qb.where('forum_topics.status', 'in', [...reader.statuses]);
  return qb;
}
type TopicRow = Awaited<ReturnType<ReturnType<typeof topicQuery>['execute']>>[number];

const authorOf = (userId: number, name: string) => ({ id: userId, name, author_image: null });

const toTopicItem = (r: TopicRow): ForumTopicItem => ({
  id: r.id,
  title: r.title,
  status: r.status,
  report: r.reported,
  liked: sqlBool(r.liked),
  likes: Number(r.likes),
  qty_answers: Number(r.qty_answers),
  updated_date: r.updated_at,
  author: authorOf(r.user_id, r.full_name),
});

export async function listTopics(db: Db, scope: ForumScope, reader: ForumReader, request: ListRequest): Promise<{ rows: ForumTopicItem[]; total: number }> {
  const { rows, total } = await runList(topicQuery(db, scope, reader), request, TOPIC_LIST_SPEC);
  return { rows: rows.map(toTopicItem), total };
}

export async function findTopic(db: Db, scope: ForumScope, reader: ForumReader, topicId: number): Promise<ForumTopic | null> {
  const row = await topicQuery(db, scope, reader).select(['forum_topics.text']).where('forum_topics.id', '=', topicId).executeTakeFirst();
  if (!row) return null;
  return { ...toTopicItem(row), text: row.text, created_in: row.created_at };
}

/** The stored facts a write decides on (status, author), without the reader's view. */
export async function topicFacts(db: Db, scope: ForumScope, topicId: number) {
  return db.selectFrom('forum_topics').select(['id', 'title', 'status', 'user_id', 'reported'])
    .where('id', '=', topicId).where('client_id', '=', scope.clientId)
    .where('origin', '=', scope.origin).where('origin_id', '=', scope.originId)
    .executeTakeFirst();
}

function replyQuery(db: Db, scope: ForumScope, reader: ForumReader, topicId: number) {
  let qb = db.selectFrom('forum_replies')
    .innerJoin('forum_topics', 'forum_topics.id', 'forum_replies.topic_id')
    .innerJoin('users', 'users.id', 'forum_replies.user_id')
    .select([
      'forum_replies.id', 'forum_replies.topic_id', 'forum_replies.text', 'forum_replies.status', 'forum_replies.reported',
      'forum_replies.likes', 'forum_replies.created_at', 'forum_replies.updated_at', 'forum_replies.user_id', 'users.full_name',
    ])
    .select((eb) => eb.exists(eb.selectFrom('forum_reply_likes').select('forum_reply_likes.reply_id')
      .whereRef('forum_reply_likes.reply_id', '=', 'forum_replies.id')
      .where('forum_reply_likes.user_id', '=', reader.userId)).as('liked'))
    .where('forum_topics.id', '=', topicId)
    .where('forum_topics.client_id', '=', scope.clientId)
    .where('forum_topics.origin', '=', scope.origin)
    .where('forum_topics.origin_id', '=', scope.originId);
  if (reader.statuses) qb = qb.where('forum_replies.status', 'in', [...reader.statuses]);
  return qb;
}
type ReplyRow = Awaited<ReturnType<ReturnType<typeof replyQuery>['execute']>>[number];

const toReply = (r: ReplyRow): ForumReply => ({
  id: r.id,
  topic_id: r.topic_id,
  text: r.text,
  status: r.status,
  report: r.reported,
  liked: sqlBool(r.liked),
  likes: Number(r.likes),
  created_in: r.created_at,
  updated_date: r.updated_at,
  author: authorOf(r.user_id, r.full_name),
});

export async function listReplies(db: Db, scope: ForumScope, reader: ForumReader, topicId: number, request: ListRequest): Promise<{ rows: ForumReply[]; total: number }> {
  const { rows, total } = await runList(replyQuery(db, scope, reader, topicId), request, REPLY_LIST_SPEC);
  return { rows: rows.map(toReply), total };
}

export async function findReply(db: Db, scope: ForumScope, reader: ForumReader, topicId: number, replyId: number): Promise<ForumReply | null> {
  const row = await replyQuery(db, scope, reader, topicId).where('forum_replies.id', '=', replyId).executeTakeFirst();
  return row ? toReply(row) : null;
}

/** A reply of this topic in this scope, with what a write decides on. */
export async function replyFacts(db: Db, scope: ForumScope, topicId: number, replyId: number) {
  return db.selectFrom('forum_replies')
    .innerJoin('forum_topics', 'forum_topics.id', 'forum_replies.topic_id')
    .select(['forum_replies.id', 'forum_replies.status', 'forum_replies.user_id', 'forum_topics.status as topic_status', 'forum_topics.title as topic_title'])
    .where('forum_replies.id', '=', replyId)
    .where('forum_topics.id', '=', topicId)
    .where('forum_topics.client_id', '=', scope.clientId)
    .where('forum_topics.origin', '=', scope.origin)
    .where('forum_topics.origin_id', '=', scope.originId)
    .executeTakeFirst();
}

// ---- topic writes ----

export async function createTopic(db: Db, scope: ForumScope, userId: number, values: { title: string; text: string }): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('forum_topics').values({
    client_id: scope.clientId, origin: scope.origin, origin_id: scope.originId, user_id: userId,
    title: values.title, text: values.text, status: FORUM_STATUS.published, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The author's edit: it counts as activity (updated_date). */
export async function updateTopicContent(db: Db, scope: ForumScope, topicId: number, values: { title: string; text: string }): Promise<void> {
  await db.updateTable('forum_topics').set({ title: values.title, text: values.text, updated_at: new Date() })
    .where('id', '=', topicId).where('client_id', '=', scope.clientId).where('origin', '=', scope.origin).where('origin_id', '=', scope.originId)
    .execute();
}

/** Moderation leaves updated_date alone: it orders the list by the discussion's activity. */
export async function setTopicStatus(db: Db, scope: ForumScope, topicId: number, status: number): Promise<boolean> {
  const res = await db.updateTable('forum_topics').set({ status })
    .where('id', '=', topicId).where('client_id', '=', scope.clientId).where('origin', '=', scope.origin).where('origin_id', '=', scope.originId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Sets the reported flag; true only when it changed. The change is one conditional UPDATE, so
 * two reports at once make one transition (and one notification).
 */
export async function setTopicReported(db: Db, scope: ForumScope, topicId: number, reported: boolean): Promise<boolean> {
  const res = await db.updateTable('forum_topics').set({ reported })
    .where('id', '=', topicId).where('client_id', '=', scope.clientId).where('origin', '=', scope.origin).where('origin_id', '=', scope.originId)
    .where('reported', '=', !reported)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A like counts once per user (primary key topic + user); the counter is recounted. */
export async function setTopicLike(db: Db, topicId: number, userId: number, like: boolean): Promise<void> {
  if (like) {
    await db.insertInto('forum_topic_likes').values({ topic_id: topicId, user_id: userId, created_at: new Date() })
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing()).execute();
  } else {
    await db.deleteFrom('forum_topic_likes').where('topic_id', '=', topicId).where('user_id', '=', userId).execute();
  }
  await db.updateTable('forum_topics')
    .set((eb) => ({ likes: eb.selectFrom('forum_topic_likes').select((s) => s.fn.countAll<number>().as('n')).where('forum_topic_likes.topic_id', '=', topicId) }))
    .where('id', '=', topicId).execute();
}

// ---- reply writes ----

/** qty_answers counts the published replies; `touch` also marks activity (a reply arrived). */
async function recountAnswers(db: Db, topicId: number, touch: boolean): Promise<void> {
  await db.updateTable('forum_topics')
    .set((eb) => ({
      qty_answers: eb.selectFrom('forum_replies').select((s) => s.fn.countAll<number>().as('n'))
        .where('forum_replies.topic_id', '=', topicId).where('forum_replies.status', '=', FORUM_STATUS.published),
      ...(touch ? { updated_at: new Date() } : {}),
    }))
    .where('id', '=', topicId).execute();
}

/** spec 2 §4.11: the caller has checked the topic accepts replies. */
export async function createReply(db: Db, topicId: number, userId: number, text: string): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('forum_replies').values({
    topic_id: topicId, user_id: userId, text, status: FORUM_STATUS.published, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await recountAnswers(db, topicId, true);
  return row.id;
}

export async function updateReplyText(db: Db, replyId: number, text: string): Promise<void> {
  await db.updateTable('forum_replies').set({ text, updated_at: new Date() }).where('id', '=', replyId).execute();
}

/** The reply must already be known to be in scope (`replyFacts`). */
export async function setReplyStatus(db: Db, topicId: number, replyId: number, status: number): Promise<void> {
  await db.updateTable('forum_replies').set({ status }).where('id', '=', replyId).where('topic_id', '=', topicId).execute();
  await recountAnswers(db, topicId, false);
}

export async function setReplyReported(db: Db, topicId: number, replyId: number, reported: boolean): Promise<boolean> {
  const res = await db.updateTable('forum_replies').set({ reported })
    .where('id', '=', replyId).where('topic_id', '=', topicId).where('reported', '=', !reported)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setReplyLike(db: Db, replyId: number, userId: number, like: boolean): Promise<void> {
  if (like) {
    await db.insertInto('forum_reply_likes').values({ reply_id: replyId, user_id: userId, created_at: new Date() })
      .onConflict((oc) => oc.columns(['reply_id', 'user_id']).doNothing()).execute();
  } else {
    await db.deleteFrom('forum_reply_likes').where('reply_id', '=', replyId).where('user_id', '=', userId).execute();
  }
  await db.updateTable('forum_replies')
    .set((eb) => ({ likes: eb.selectFrom('forum_reply_likes').select((s) => s.fn.countAll<number>().as('n')).where('forum_reply_likes.reply_id', '=', replyId) }))
    .where('id', '=', replyId).execute();
}

// ---- moderators are informed of reports (spec 2 §4.11) ----

export interface ReportedItem {
  clientId: number;
  trainingId: number;
  trainingTitle: string;
  topicId: number;
  topicTitle: string;
  /** null when the topic itself was reported */
  replyId: number | null;
  /** not told of their own report */
  reporterId: number;
}

/** The admin route of the training's discussions tab (admin/src/resources/trainings/trainingTabs.ts). */
export const discussionsLink = (trainingId: number) => `/admin/trainings/${trainingId}/discussions`;

/** A notification for each owner of the training (its moderators), in the client of the training. */
export async function notifyTrainingOwnersOfReport(db: Db, item: ReportedItem): Promise<number> {
  const owners = await db.selectFrom('group_training_owners').select('user_id')
    .where('group_training_id', '=', item.trainingId).where('user_id', '!=', item.reporterId).execute();
  const payload: NotificationPayload = {
    training: item.trainingTitle, topic: item.topicTitle, training_id: item.trainingId, topic_id: item.topicId,
    reply_id: item.replyId, link: discussionsLink(item.trainingId),
  };
  for (const owner of owners) {
    await notify(db, { userId: owner.user_id, clientId: item.clientId, kind: item.replyId === null ? 'forum_topic_reported' : 'forum_reply_reported', payload });
  }
  return owners.length;
}
