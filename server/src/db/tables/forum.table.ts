import type { Generated, Selectable } from 'kysely';
import type { DefaultBool, Timestamp } from '../columns.ts';

/** spec 2 §3.10 / §4.11 forum: topics keyed by origin (the training forum: origin 'training'). */
export interface ForumTopicTable {
  id: Generated<number>;
  client_id: number;
  origin: string;
  origin_id: number;
  /** the author */
  user_id: number;
  title: string;
  text: Generated<string>;
  /** 1 published, 2 unpublished, 3 deleted, 4 closed */
  status: Generated<number>;
  reported: DefaultBool;
  likes: Generated<number>;
  qty_answers: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type ForumTopicRow = Selectable<ForumTopicTable>;

export interface ForumReplyTable {
  id: Generated<number>;
  topic_id: number;
  user_id: number;
  text: string;
  status: Generated<number>;
  reported: DefaultBool;
  likes: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type ForumReplyRow = Selectable<ForumReplyTable>;

export interface ForumTopicLikeTable { topic_id: number; user_id: number; created_at: Timestamp }
export interface ForumReplyLikeTable { reply_id: number; user_id: number; created_at: Timestamp }
