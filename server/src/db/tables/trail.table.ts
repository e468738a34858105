import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../dialect.ts';
import type { NullableTimestamp } from './training.table.ts';

/** spec 2 §3.8 trail. */
export interface TrailTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  image_url: string | null;
  score: Generated<number>;
  /** YYYY-MM-DD */
  availability_date: string | null;
  date_to_unpublish: string | null;
  status: Generated<number>;
  /** idle | running (spec 2 §4.9) */
  certificate_sync_status: Generated<string>;
  published_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type TrailRow = Selectable<TrailTable>;

export interface TrailCategoryTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  status: Generated<number>;
  created_at: Timestamp;
}
export type TrailCategoryRow = Selectable<TrailCategoryTable>;

export interface TrailCategoryLinkTable { trail_id: number; category_id: number }
export interface TrailAreaTable { trail_id: number; area_id: number }
export interface TrailProfileTable { trail_id: number; profile_id: number }
export interface TrailUserGroupTable { trail_id: number; user_group_id: number }
export interface TrailTagTable { trail_id: number; tag_id: number }

/** One ordered item of a trail; parent_item_id is its prerequisite. */
export interface TrailItemTable {
  id: Generated<number>;
  trail_id: number;
  /** group_training | library | live_class | news | podcast | webcast | course_catalog */
  item_type: string;
  item_id: number;
  position: number;
  parent_item_id: number | null;
}
export type TrailItemRow = Selectable<TrailItemTable>;
