import type { ImportLog, ImportLogType, ImportRecord, ImportType } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { ImportLogRow, ImportRow, NewImportRow } from '../db/tables/import.table.ts';
import { translate } from '../lib/i18n.ts';

export type ImportWithCreator = ImportRow & { creator_name: string | null };

/** The imports of the selected client with their creator's name; the list helper pages it. */
export function importListQuery(db: Db, clientId: number) {
  return db.selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .selectAll('imports').select('users.full_name as creator_name')
    .where('imports.client_id', '=', clientId);
}

/** The import of the selected client, or undefined (another client's import does not exist for it). */
export async function findImport(db: Db, clientId: number, id: number): Promise<ImportWithCreator | undefined> {
  return db.selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .selectAll('imports').select('users.full_name as creator_name')
    .where('imports.id', '=', id).where('imports.client_id', '=', clientId)
    .executeTakeFirst();
}

export async function insertImport(db: Db, values: NewImportRow): Promise<number> {
  return (await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * A validated import starts processing with its counters at zero; false when it was not
 * validated (any more): the conditional update is the lock, of two clicks one starts it.
 */
export async function startImportProcessing(db: Db, clientId: number, id: number): Promise<boolean> {
  const started = await db.updateTable('imports').set({
    status: 'processing', phase: 'process', processed_rows: 0, processed_line: 1,
    created_count: 0, updated_count: 0, error_count: 0, updated_at: new Date(),
  }).where('id', '=', id).where('client_id', '=', clientId).where('status', '=', 'validated').executeTakeFirst();
  return Number(started.numUpdatedRows) === 1;
}

/** The import's log lines; the list helper pages it. */
export const importLogListQuery = (db: Db, importId: number) =>
  db.selectFrom('import_logs').selectAll('import_logs').where('import_logs.import_id', '=', importId);

export function toImportRecord(row: ImportWithCreator): ImportRecord {
  return {
    id: row.id,
    import_type: row.import_type,
    status: row.status,
    phase: row.phase,
    file_name: row.file_name,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created_count: row.created_count,
    updated_count: row.updated_count,
    error_count: row.error_count,
    created_by: { id: row.created_by, full_name: row.creator_name ?? '' },
    created_at: row.created_at,
    updated_at: row.updated_at,
    finished_at: row.finished_at,
  };
}

export interface NewLogEntry {
  line: number | null;
  log_type: ImportLogType;
  code: string;
  field: string | null;
  params?: Record<string, string | number>;
}

/** Log rows in one multi-row insert (a batch of a pass). */
export async function addImportLogs(db: Db, importId: number, entries: NewLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date();
  // stay far below the bound-parameter limits of both drivers
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insertInto('import_logs').values(entries.slice(i, i + 1000).map((e) => ({
      import_id: importId, line: e.line, log_type: e.log_type, code: e.code, field: e.field,
      params: JSON.stringify(e.params ?? {}), created_at: now,
    }))).execute();
  }
}

/** The counts of a log entry said in their plural form (`imports.counts.*`): parameter -> text. */
const COUNTED_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  process_finished: { created: 'created', updated: 'updated', errors: 'errors' },
  validation_finished: { total: 'rows', errors: 'failed_rows' },
};

function hasText(languageId: number, key: string): boolean {
  return translate(languageId, key) !== key;
}

/**
 * spec 1 §3.7 log entry; `content` in the reader's language: `imports.log.<code>` (or the error
 * catalogue's `errors.<code>`), with the column's translated name in front when there is one.
 */
export function toImportLog(row: ImportLogRow, importType: ImportType, languageId: number): ImportLog {
  const params = row.params;
  const field = row.field ? translate(languageId, `imports.columns.${row.field}`) : '';
  const vars: Record<string, string> = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  Object.assign(vars, { line: row.line === null ? '' : String(row.line), field });
  for (const [param, text] of Object.entries(COUNTED_PARAMS[row.code] ?? {})) {
    const count = params[param];
    if (typeof count === 'number') vars[param] = translate(languageId, `imports.counts.${text}`, { count });
  }
  const key = hasText(languageId, `imports.log.${row.code}`) ? `imports.log.${row.code}` : `errors.${row.code}`;
  const message = translate(languageId, key, vars);
  return {
    id: row.id,
    import_type: importType,
    log_type: row.log_type,
    line: row.line,
    code: row.code,
    field: row.field,
    content: row.field ? translate(languageId, 'imports.log_field', { field, message }) : message,
    created_at: row.created_at,
  };
}
