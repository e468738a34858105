import type { Generated, Insertable, Selectable } from 'kysely';
import type { DefaultBool, DefaultJson, DefaultTimestamp, NullableTimestamp, Timestamp } from '../columns.ts';
import type { ImageAltTexts } from './training.table.ts';

/** spec 3 §3 news (2026_11_23_0020_news_faq). */
export interface NewsTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  image_url: string | null;
  content: string;
  /** 1 published, 2 unpublished */
  status: Generated<number>;
  timezone: string | null;
  publish_date: NullableTimestamp;
  unpublish_date: NullableTimestamp;
  image_alt_texts: DefaultJson<ImageAltTexts>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type NewsRow = Selectable<NewsTable>;
export type NewNewsRow = Insertable<NewsTable>;

export interface NewsViewTable {
  news_id: number;
  user_id: number;
  first_viewed_at: DefaultTimestamp;
  last_viewed_at: DefaultTimestamp;
  qty_views: Generated<number>;
}

export interface FaqCategoryTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: DefaultTimestamp;
}
export type FaqCategoryRow = Selectable<FaqCategoryTable>;

export interface FaqQuestionTable {
  id: Generated<number>;
  client_id: number;
  category_id: number;
  question: string;
  answer: string;
  is_public: DefaultBool;
  sort_order: Generated<number>;
  status: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type FaqQuestionRow = Selectable<FaqQuestionTable>;

export interface FaqReceivedQuestionTable {
  id: Generated<number>;
  client_id: number;
  submission: string;
  origin: string;
  user_id: number | null;
  name: string;
  email: string;
  question: string;
  sender_key: string;
  status: Generated<number>;
  handled_at: NullableTimestamp;
  handled_by: number | null;
  mailed_at: NullableTimestamp;
  created_at: Timestamp;
}
export type FaqReceivedQuestionRow = Selectable<FaqReceivedQuestionTable>;
