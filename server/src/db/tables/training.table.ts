import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GameContent } from '@lp/shared/contract';
import type { ContentLanguage } from '@lp/shared/rules';
import type { DbBool, DefaultBool, DefaultJson, NullableTimestamp, Timestamp } from '../columns.ts';
import type {
  OwnedEvaluationQuestionTable, OwnedEvaluationTable, OwnedMaterialTable, OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestTable,
} from '../../content/tables.ts';

/** Alternative texts of an image, by content language. */
export type ImageAltTexts = Partial<Record<ContentLanguage, string>>;

/** Global lookups (fixed ids, seeded by the 2026_11_22_0005 migration). */
export interface GroupTrainingTypeTable {
  id: number;
  slug: string;
  use_score: DbBool;
}
export interface GroupTrainingModuleTypeTable {
  id: number;
  slug: string;
  use_embed: DbBool;
}
export interface GroupTrainingTestTypeTable {
  id: number;
  slug: string;
  use_max_attempts: DbBool;
  use_minimum_score: DbBool;
  use_time: DbBool;
}
export interface SlugLookupTable {
  id: number;
  slug: string;
}

/** spec 2 §3.1 group training (status per §4.1). */
export interface GroupTrainingTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  /** sanitised HTML */
  description: Generated<string>;
  group_training_type_id: Generated<number>;
  score: Generated<number>;
  workload: Generated<number>;
  code: string | null;
  on_portfolio: DefaultBool;
  portfolio_order: Generated<number>;
  /** YYYY-MM-DD */
  unpublish_date: string | null;
  qty_certificate_expiration_days: number | null;
  image_url: string | null;
  image_alt_texts: DefaultJson<ImageAltTexts>;
  certificate_image_url: string | null;
  status: Generated<number>;
  is_open: DefaultBool;
  published_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type GroupTrainingRow = Selectable<GroupTrainingTable>;
export type NewGroupTrainingRow = Insertable<GroupTrainingTable>;
export type GroupTrainingUpdate = Updateable<GroupTrainingTable>;

export interface GroupTrainingOwnerTable { group_training_id: number; user_id: number; position: Generated<number> }

/** spec 2 §3.2 module; `avaliable_in` keeps the contract's spelling. */
export interface GroupTrainingModuleTable {
  id: Generated<number>;
  group_training_id: number;
  title: string;
  module_type_id: number;
  status: Generated<number>;
  avaliable_in: string | null;
  module_score: Generated<number>;
  resource: string | null;
  resource_size: number | string | null;
  resource_name: string | null;
  qty_views: Generated<number>;
  qty_progress: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type GroupTrainingModuleRow = Selectable<GroupTrainingModuleTable>;
export type NewGroupTrainingModuleRow = Insertable<GroupTrainingModuleTable>;
export type GroupTrainingModuleUpdate = Updateable<GroupTrainingModuleTable>;

/** spec 2 §3.3 game (editor in spec 3 "Game"). */
export interface GroupTrainingGameTable {
  id: Generated<number>;
  group_training_id: number;
  title: string;
  game_type_id: number;
  status: Generated<number>;
  avaliable_in: string | null;
  score: Generated<number>;
  /** the authored content (spec 3 "Game"): the type's items, error limit, allow_to_skip_game */
  config: DefaultJson<GameContent>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type GroupTrainingGameRow = Selectable<GroupTrainingGameTable>;

/**
 * spec 2 §3.4–3.5 tests with their questions and alternatives, reaction evaluations with their
 * questions: the owned-content tables of trainings (server/src/content/tables.ts).
 */
export type GroupTrainingTestTable = OwnedTestTable;
export type GroupTrainingTestQuestionTable = OwnedTestQuestionTable;
export type GroupTrainingTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type GroupTrainingEvaluationTable = OwnedEvaluationTable;
export type GroupTrainingEvaluationQuestionTable = OwnedEvaluationQuestionTable;

/** Base evaluation models: client_id null = offered to every client. */
export interface BaseEvaluationTable {
  id: Generated<number>;
  client_id: number | null;
  title: string;
  status: Generated<number>;
  created_at: Timestamp;
}
export type BaseEvaluationRow = Selectable<BaseEvaluationTable>;

export interface BaseEvaluationQuestionTable {
  id: Generated<number>;
  base_evaluation_id: number;
  title: string;
  question_type_id: number;
  position: Generated<number>;
}
export type BaseEvaluationQuestionRow = Selectable<BaseEvaluationQuestionTable>;

/** spec 2 §3.6 support material (server/src/content/tables.ts). */
export type GroupTrainingMaterialTable = OwnedMaterialTable;

/** spec 2 §3.7 hierarchy item; type_slug / parent_slug: module | test | game. */
export interface GroupTrainingHierarchyTable {
  id: Generated<number>;
  group_training_id: number;
  type_slug: string;
  type_id: number;
  hierarchy_order: number;
  parent_slug: string | null;
  parent_id: number | null;
}
export type GroupTrainingHierarchyRow = Selectable<GroupTrainingHierarchyTable>;
export type NewGroupTrainingHierarchyRow = Insertable<GroupTrainingHierarchyTable>;
