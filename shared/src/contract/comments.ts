import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire shapes of spec 2 §7.4 comments (origins, paths and statuses live in shared/src/comments.ts).
 * One item of GET {base}/{id}/comments/ — a bare array; the total is its length.
 */
export const CommentItem = Type.Object({
  id: Type.Integer(),
  user: Type.Object({ id: Type.Integer(), full_name: Type.String() }),
  /** spec 2 §9: 0 to 5 */
  stars: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.String(),
  status: Type.Integer(),
  created_at: Type.String(),
});
export type CommentItem = Static<typeof CommentItem>;

/** POST {base}/{id}/publish_comment/ form: the comment id and its new status (1, 2 or 3). */
export const PublishCommentForm = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  status: Type.Integer({ minimum: 1, maximum: 3 }),
});
export type PublishCommentForm = Static<typeof PublishCommentForm>;
