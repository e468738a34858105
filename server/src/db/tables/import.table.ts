import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ImportLogType, ImportPhase, ImportStatus, ImportType } from '@lp/shared/contract';
import type { Json, Timestamp } from '../columns.ts';

type Counter = ColumnType<number, number | undefined, number>;

/** A tus upload and its owner (DESIGN "Files and media"); the bytes live in the tus store. */
export interface UploadTable {
  /** the tus upload id, also the stored file's name (random, never the client's file name) */
  id: string;
  user_id: number;
  client_id: number | null;
  /** metadata `kind`: what the file is for ('import', …) */
  kind: string;
  /** the client's file name, shown only */
  file_name: string;
  size: number;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
export type UploadRow = Selectable<UploadTable>;

/** spec 1 §3.7 / §4.3 an import of users, headquarters or branches. */
export interface ImportTable {
  id: Generated<number>;
  client_id: number;
  import_type: ImportType;
  status: ImportStatus;
  phase: ImportPhase | null;
  file_name: string;
  /** relative to DATA_DIR */
  file_path: string;
  upload_id: string | null;
  /** the one record the import writes into (a face-to-face appointment); null: the whole client */
  target_id: ColumnType<number | null, number | null | undefined, number | null>;
  total_rows: number | null;
  processed_rows: Counter;
  /** last sheet line committed by the running pass (header = 1) */
  processed_line: Counter;
  created_count: Counter;
  updated_count: Counter;
  error_count: Counter;
  created_by: number;
  language_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}
export type ImportRow = Selectable<ImportTable>;
export type NewImportRow = Insertable<ImportTable>;

export interface ImportLogTable {
  id: Generated<number>;
  import_id: number;
  /** sheet line as Excel shows it (header = 1); null for file-level entries */
  line: number | null;
  log_type: ImportLogType;
  /** error key (spec §8) or `imports.log.*` key */
  code: string;
  /** the column (template field name) the entry is about */
  field: string | null;
  /** message parameters (value, first_line, counts …) */
  params: Json<Record<string, string | number>>;
  created_at: Timestamp;
}
export type ImportLogRow = Selectable<ImportLogTable>;
export type NewImportLogRow = Insertable<ImportLogTable>;
