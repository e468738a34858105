import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DbBool, DefaultBool, DefaultJson, DefaultTimestamp, Timestamp } from '../columns.ts';
import type { ImageAltTexts } from './training.table.ts';
import type {
  OwnedEvaluationAnswerTable, OwnedEvaluationQuestionTable, OwnedEvaluationTable, OwnedMaterialTable, OwnedTestAttemptQuestionTable,
  OwnedTestQuestionAnswerTable, OwnedTestQuestionTable, OwnedTestResultTable, OwnedTestTable,
} from '../../content/tables.ts';

/** spec 4 "Types": 1, 3 and 5 need a URL; 2 is browser streaming. */
export interface WebcastTypeTable { id: number; slug: string; uses_embed: DbBool }

/** spec 2 §3.11 webcast (2026_11_23_0010_webcasts). */
export interface WebcastTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  description: Generated<string>;
  webcast_type_id: Generated<number>;
  embed: Generated<string>;
  /** 1 published, 2 unpublished, 3 deleted, 4 finished, 5 converting (spec 2 §4.12) */
  status: Generated<number>;
  use_chat: DefaultBool;
  chat_moderated: DefaultBool;
  transmission_date: Timestamp;
  timezone: Generated<string>;
  transmission_completed: DefaultBool;
  transmission_downloaded: DefaultBool;
  score: Generated<number>;
  workload: Generated<number>;
  code: string | null;
  image_url: string | null;
  image_alt_texts: DefaultJson<ImageAltTexts>;
  unpublish_date: string | null;
  hls_path: string | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type WebcastRow = Selectable<WebcastTable>;
export type NewWebcastRow = Insertable<WebcastTable>;
export type WebcastUpdate = Updateable<WebcastTable>;

export interface WebcastSubscriberTable { id: Generated<number>; webcast_id: number; user_id: number; created_at: DefaultTimestamp }

/** A learner watched the webcast: opened it while live or with its recording ready (once). */
export interface WebcastViewTable { webcast_id: number; user_id: number; watched_at: DefaultTimestamp }


/** What hangs from a webcast: its owned-content tables (server/src/content/tables.ts). */
export type WebcastTestTable = OwnedTestTable;
export type WebcastTestQuestionTable = OwnedTestQuestionTable;
export type WebcastTestQuestionAnswerTable = OwnedTestQuestionAnswerTable;
export type WebcastTestResultTable = OwnedTestResultTable;
export type WebcastTestAttemptQuestionTable = OwnedTestAttemptQuestionTable;
export type WebcastEvaluationTable = OwnedEvaluationTable;
export type WebcastEvaluationQuestionTable = OwnedEvaluationQuestionTable;
export type WebcastEvaluationAnswerTable = OwnedEvaluationAnswerTable;
export type WebcastMaterialTable = OwnedMaterialTable;
