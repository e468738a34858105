/**
 * Comments of every origin (spec 2 §3.10, §7.4) in one table, `comments(origin, origin_id)`,
 * always within the selected client: the moderation list and status, the learner's page of
 * published comments, and a learner's comment (once, after finishing: the caller's rules).
 * The owned-content owners (content/owners.ts) and news, podcasts and trails share it.
 */
import { sql } from 'kysely';
import { COMMENT_STATUS, type CommentItem, type CommentOrigin, type CommentStatus } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { recordCommentEvent } from '../../repositories/feedEvents.ts';
import type { OwnerTableName } from '../owner.ts';

/** Whether the comments' origin row (a training, a news item …) is one of the client's. */
export async function originRowExists(db: Db, table: OwnerTableName, clientId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where id = ${id} and client_id = ${clientId}`.execute(db);
  return rows.length > 0;
}

function moderationQuery(db: Db, clientId: number, origin: CommentOrigin, originId: number) {
  return db.selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select(['comments.id', 'comments.user_id', 'users.full_name', 'comments.stars', 'comments.comment', 'comments.status', 'comments.created_at'])
    .where('comments.client_id', '=', clientId)
    .where('comments.origin', '=', origin)
    .where('comments.origin_id', '=', originId);
}
type CommentJoinRow = Awaited<ReturnType<ReturnType<typeof moderationQuery>['execute']>>[number];

const toItem = (r: CommentJoinRow): CommentItem => ({
  id: r.id,
  user: { id: r.user_id, full_name: r.full_name },
  stars: r.stars,
  comment: r.comment,
  status: r.status,
  created_at: r.created_at,
});

/** Every comment of the origin row, deleted ones included (a moderator may restore them), newest first. */
export async function listComments(db: Db, clientId: number, origin: CommentOrigin, originId: number): Promise<CommentItem[]> {
  const rows = await moderationQuery(db, clientId, origin, originId).orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').execute();
  return rows.map(toItem);
}

/** spec 2 §4.3: a moderator sets 1, 2 or 3. Null when the comment is not one of this origin row. */
export async function setCommentStatus(db: Db, clientId: number, origin: CommentOrigin, originId: number, commentId: number, status: CommentStatus): Promise<CommentItem | null> {
  const res = await db.updateTable('comments').set({ status, updated_at: new Date() })
    .where('id', '=', commentId).where('client_id', '=', clientId).where('origin', '=', origin).where('origin_id', '=', originId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await moderationQuery(db, clientId, origin, originId).where('comments.id', '=', commentId).executeTakeFirst();
  return row ? toItem(row) : null;
}

export interface NewComment {
  clientId: number;
  origin: CommentOrigin;
  originId: number;
  userId: number;
  comment: string;
  /** 0 to 5 */
  stars: number | null;
}

/** Stores a learner's comment (published); the learner-side rules (after finishing, once) are the caller's. */
export async function addComment(db: Db, c: NewComment): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('comments').values({
    client_id: c.clientId, origin: c.origin, origin_id: c.originId, user_id: c.userId, comment: c.comment, stars: c.stars,
    status: 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  // spec 1 §9 feed "commented a news item"
  await recordCommentEvent(db, { clientId: c.clientId, userId: c.userId, origin: c.origin, originId: c.originId });
  return row.id;
}

/**
 * spec 2 §3.10 / §7.4 origin 'trails' (trail_user_stars): "a list of user star ratings instead of
 * comments" — the stars learners gave the trail (content_reactions), newest first, in the
 * comment item's shape; a rating is always shown as published and has no text.
 */
export async function listTrailUserStars(db: Db, clientId: number, trailId: number): Promise<CommentItem[]> {
  const rows = await db.selectFrom('content_reactions').innerJoin('users', 'users.id', 'content_reactions.user_id')
    .select(['content_reactions.id', 'content_reactions.user_id', 'users.full_name', 'content_reactions.stars', 'content_reactions.updated_at'])
    .where('content_reactions.client_id', '=', clientId).where('content_reactions.content_type', '=', 'trail')
    .where('content_reactions.content_id', '=', trailId).where('content_reactions.stars', 'is not', null)
    .orderBy('content_reactions.updated_at', 'desc').orderBy('content_reactions.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id, user: { id: r.user_id, full_name: r.full_name }, stars: r.stars, comment: '', status: 1, created_at: r.updated_at,
  }));
}

// ---- as learners see them (spec 2 §2.1, §4.10) ----

export interface LearnerCommentRow {
  id: number;
  author: string;
  stars: number | null;
  comment: string;
  created_at: string;
  mine: boolean;
}

const learnerCommentQuery = (db: Db) => db.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id')
  .select(['comments.id', 'comments.user_id', 'users.full_name', 'comments.stars', 'comments.comment', 'comments.created_at']);
type CommentJoin = Awaited<ReturnType<ReturnType<typeof learnerCommentQuery>['execute']>>[number];

const toLearnerComment = (r: CommentJoin, userId: number): LearnerCommentRow => ({
  id: r.id, author: r.full_name, stars: r.stars, comment: r.comment, created_at: r.created_at, mine: r.user_id === userId,
});

/** Published comments of the content, newest first, a page at a time ("load more"), as learners see them. */
export async function publishedComments(
  db: Db, clientId: number, origin: CommentOrigin, originId: number, userId: number, page: { offset: number; limit: number },
): Promise<{ count: number; results: LearnerCommentRow[] }> {
  const base = db.selectFrom('comments')
    .where('comments.client_id', '=', clientId).where('comments.origin', '=', origin).where('comments.origin_id', '=', originId)
    .where('comments.status', '=', COMMENT_STATUS.published);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    learnerCommentQuery(db)
      .where('comments.client_id', '=', clientId).where('comments.origin', '=', origin).where('comments.origin_id', '=', originId)
      .where('comments.status', '=', COMMENT_STATUS.published)
      .orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc')
      .offset(page.offset).limit(page.limit)
      .execute(),
  ]);
  return { count: Number(total.n), results: rows.map((r) => toLearnerComment(r, userId)) };
}

export async function learnerComment(db: Db, id: number, userId: number): Promise<LearnerCommentRow | undefined> {
  const row = await learnerCommentQuery(db).where('comments.id', '=', id).executeTakeFirst();
  return row && toLearnerComment(row, userId);
}

/** spec 2 §4.10 "only once": any comment of the user counts, whatever a moderator did with it since. */
export async function hasCommented(db: Db, clientId: number, origin: CommentOrigin, originId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('comments').select('id')
    .where('client_id', '=', clientId).where('origin', '=', origin).where('origin_id', '=', originId).where('user_id', '=', userId)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}
