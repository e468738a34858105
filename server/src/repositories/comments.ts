/**
 * Comments of every origin (spec 2 §3.10, §7.4) in one table, keyed by origin and the origin
 * row's id, always within the selected client.
 */
import type { CommentItem, CommentOrigin, CommentStatus } from '@lp/shared';
import type { Db } from '../db/database.ts';
import { toIso } from '../db/dialect.ts';
import { recordCommentEvent } from './feedEvents.ts';

function commentQuery(db: Db, clientId: number, origin: CommentOrigin, originId: number) {
  return db.selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .select(['comments.id', 'comments.user_id', 'users.full_name', 'comments.stars', 'comments.comment', 'comments.status', 'comments.created_at'])
    .where('comments.client_id', '=', clientId)
    .where('comments.origin', '=', origin)
    .where('comments.origin_id', '=', originId);
}
type CommentJoinRow = Awaited<ReturnType<ReturnType<typeof commentQuery>['execute']>>[number];

const toItem = (r: CommentJoinRow): CommentItem => ({
  id: r.id,
  user: { id: r.user_id, full_name: r.full_name },
  stars: r.stars,
  comment: r.comment,
  status: r.status,
  created_at: toIso(r.created_at)!,
});

/** Every comment of the origin row, deleted ones included (a moderator may restore them), newest first. */
export async function listComments(db: Db, clientId: number, origin: CommentOrigin, originId: number): Promise<CommentItem[]> {
  const rows = await commentQuery(db, clientId, origin, originId).orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').execute();
  return rows.map(toItem);
}

/** spec 2 §4.3: a moderator sets 1, 2 or 3. Null when the comment is not one of this origin row. */
export async function setCommentStatus(db: Db, clientId: number, origin: CommentOrigin, originId: number, commentId: number, status: CommentStatus): Promise<CommentItem | null> {
  const res = await db.updateTable('comments').set({ status, updated_at: new Date() })
    .where('id', '=', commentId).where('client_id', '=', clientId).where('origin', '=', origin).where('origin_id', '=', originId)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await commentQuery(db, clientId, origin, originId).where('comments.id', '=', commentId).executeTakeFirst();
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
    id: r.id, user: { id: r.user_id, full_name: r.full_name }, stars: r.stars, comment: '', status: 1, created_at: toIso(r.updated_at)!,
  }));
}
