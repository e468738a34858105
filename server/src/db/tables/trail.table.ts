import type { Generated, Selectable } from 'kysely';
import type { DefaultBool, NullableTimestamp, Timestamp } from '../columns.ts';

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
  /** the contract's `order` */
  sort_order: Generated<number>;
  /** null: certificates never expire */
  qty_certificate_expiration_days: number | null;
  /** spec 2 §3.8: trainings among the modules */
  training_quantity: Generated<number>;
  /** idle | running (spec 2 §4.9) */
  certificate_sync_status: Generated<string>;
  certificate_sync_started_at: NullableTimestamp;
  certificate_sync_finished_at: NullableTimestamp;
  certificate_sync_failed: DefaultBool;
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

/** One ordered item of a trail; parent_item_id is its prerequisite. */
export interface TrailItemTable {
  id: Generated<number>;
  trail_id: number;
  /** the contract's `kind`: one of TRAIL_ITEM_KINDS (shared/src/trails.ts) */
  item_type: string;
  item_id: number;
  position: number;
  parent_item_id: number | null;
  /** YYYY-MM-DD */
  avaliable_in: string | null;
}
export type TrailItemRow = Selectable<TrailItemTable>;
