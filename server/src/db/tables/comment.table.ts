import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../columns.ts';

/** spec 2 §3.10 / §7.4: one table for the comments of every origin. */
export interface CommentTable {
  id: Generated<number>;
  client_id: number;
  /** CommentOrigin (shared/src/contract/commentOrigins.ts) */
  origin: string;
  origin_id: number;
  user_id: number;
  comment: string;
  /** 0 to 5, or null */
  stars: number | null;
  /** 1 published, 2 unpublished, 3 deleted */
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type CommentRow = Selectable<CommentTable>;
export type NewCommentRow = Insertable<CommentTable>;
export type CommentUpdate = Updateable<CommentTable>;
