import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from './common.ts';
import { IMPORTS_PATH } from './collections.ts';

/**
 * Spreadsheet imports (spec 1 §2.3 admin-imports / admin-import/{id}, §3.7, §4.3).
 * Flow: upload the xlsx with tus → "save and validate" (POST imports) → "process".
 * States (§4.3): awaiting → processing → validated → processing → finalized, or with_errors.
 * `phase` says which pass a `processing` import is in.
 */
/**
 * spec 1 §1 bulk imports: users, headquarters/branches, drills (questions with alternatives into a
 * drill); spec 3 §2 face-to-face "import results" and the subscriptions import (spec 1 §6.2
 * presential_import_results, subscription_import_results), each into one appointment; a catalog
 * reward's redeem codes (spec 3 §3 "Reward (catalog item)").
 */
export const IMPORT_TYPES = ['users', 'headquarters', 'branches', 'drills', 'presential_results', 'presential_subscriptions', 'reward_codes'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export {
  APPOINTMENT_IMPORT_QUERY, APPOINTMENT_IMPORT_TABS, APPOINTMENT_IMPORT_TYPES, TARGET_IMPORT_TYPES, appointmentImportPage, isAppointmentImportType,
  headquarterImportPage, isTargetImportType, type AppointmentImportType,
} from '../importTargets.ts';

export const IMPORT_STATUSES = ['awaiting', 'processing', 'validated', 'finalized', 'with_errors'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_PHASES = ['validate', 'process'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const IMPORT_LOG_TYPES = ['error', 'warning', 'info', 'success'] as const;
export type ImportLogType = (typeof IMPORT_LOG_TYPES)[number];

/** An import may be processed only once validated; a finished one is never run again. */
export function canProcessImport(status: ImportStatus): boolean {
  return status === 'validated';
}

export const ImportRecord = Type.Object({
  id: Type.Integer(),
  import_type: literalUnion(IMPORT_TYPES),
  status: literalUnion(IMPORT_STATUSES),
  phase: Type.Union([...IMPORT_PHASES.map((p) => Type.Literal(p)), Type.Null()]),
  file_name: Type.String(),
  /** data rows in the sheet (header excluded); null until the validation pass has counted them */
  total_rows: Type.Union([Type.Integer(), Type.Null()]),
  /** rows done in the running pass, for the progress bar */
  processed_rows: Type.Integer(),
  created_count: Type.Integer(),
  updated_count: Type.Integer(),
  error_count: Type.Integer(),
  created_by: Type.Object({ id: Type.Integer(), full_name: Type.String() }),
  created_at: Type.String(),
  updated_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type ImportRecord = Static<typeof ImportRecord>;

/** "save and validate": the finished tus upload becomes an import of the given type. */
export const ImportCreate = Type.Object({
  import_type: literalUnion(IMPORT_TYPES),
  /** the tus upload id (last path segment of its Location) */
  upload_id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ImportCreate = Static<typeof ImportCreate>;

/** spec 1 §3.7 log entry {import type, log type, line, content}; content in the reader's language. */
export const ImportLog = Type.Object({
  id: Type.Integer(),
  import_type: literalUnion(IMPORT_TYPES),
  log_type: literalUnion(IMPORT_LOG_TYPES),
  /** spreadsheet row number as Excel shows it (header = 1); null for file-level entries */
  line: Type.Union([Type.Integer(), Type.Null()]),
  /** error key (spec §8) or message key, with the column it concerns */
  code: Type.String(),
  field: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  created_at: Type.String(),
});
export type ImportLog = Static<typeof ImportLog>;

export const importPath = (id: number | string) => `${IMPORTS_PATH}${id}/`;
export const importProcessPath = (id: number | string) => `${IMPORTS_PATH}${id}/process/`;
export const importLogsPath = (id: number | string) => `${IMPORTS_PATH}${id}/logs/`;
export const importTemplatePath = (type: ImportType) => `/admin_imports/templates/${type}/`;
/** tus endpoint (DESIGN "Files and media"); uploads carry metadata `filename` and `kind` */
export const TUS_PATH = '/files/tus/';
export const IMPORT_MAX_BYTES = 150 * 1024 * 1024;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
