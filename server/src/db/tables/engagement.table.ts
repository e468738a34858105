import type { Generated, Insertable, Selectable } from 'kysely';
import type { DefaultBool, DefaultTimestamp, Timestamp } from '../columns.ts';

/** Badges, feed, legal texts, wildcard pages and help requests (2026_11_23_0023_badges_feed_pages). */
export interface BadgeTable {
  id: Generated<number>;
  client_id: number;
  badge_type: 'default' | 'custom';
  default_key: string | null;
  title: string;
  description: Generated<string>;
  image_url: string | null;
  status: Generated<number>;
  rule_metric: string | null;
  rule_threshold: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type BadgeRow = Selectable<BadgeTable>;
export type NewBadgeRow = Insertable<BadgeTable>;

export interface UserBadgeTable {
  id: Generated<number>;
  client_id: number;
  badge_id: number;
  user_id: number;
  manual: DefaultBool;
  awarded_by: number | null;
  awarded_at: DefaultTimestamp;
}

export interface FeedEventTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  kind: string;
  content_type: string | null;
  content_id: number | null;
  title: string | null;
  text: string | null;
  stars: number | null;
  created_at: DefaultTimestamp;
}
export type FeedEventRow = Selectable<FeedEventTable>;

export interface LegalTextTable {
  id: Generated<number>;
  client_id: number;
  kind: string;
  language: string;
  content: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface WildcardPageTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  slug: string;
  content: Generated<string>;
  status: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type WildcardPageRow = Selectable<WildcardPageTable>;

export interface HelpRequestTable {
  id: Generated<number>;
  client_id: number | null;
  user_id: number | null;
  name: string;
  email: string;
  message: string;
  created_at: DefaultTimestamp;
}
