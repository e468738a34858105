import type { Kysely } from 'kysely';
import type { AppointmentImportType, ImportType } from '@lp/shared/contract';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { ImportRow } from '../db/tables/import.table.ts';
import { hashPassword } from '../lib/passwords.ts';
import { addImportLogs, type NewLogEntry } from '../repositories/imports.ts';
import { mapHeader } from './columns.ts';
import { loadLookups } from './lookups.ts';
import { drillsKind } from './drills.ts';
import { branchesKind, headquartersKind } from './organisation.ts';
import { SpreadsheetError, sheetRows } from './reader.ts';
import { firstPerField, type ImportKind, type KindContext, type Planned, type RawRow, type RowError } from './rows.ts';
import { usersKind } from './users.ts';
import { storageOf, type StorageConfig } from '../storage/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = ImportKind<any>;
const KINDS: Record<Exclude<ImportType, AppointmentImportType | 'reward_codes'>, AnyKind> = { users: usersKind, headquarters: headquartersKind, branches: branchesKind, drills: drillsKind };

/**
 * The kind of an import type. The face-to-face ones and the reward codes (one appointment's guests: a few thousand rows
 * at most) load the presential repositories, which reach the contract: only when such an import
 * runs, so the client-wide imports keep the worker lean (workerModules.test.ts).
 */
async function kindOf(type: ImportType): Promise<AnyKind> {
  if (type === 'presential_results' || type === 'presential_subscriptions') {
    const presential = await import('./presential.ts');
    return type === 'presential_results' ? presential.presentialResultsKind : presential.presentialSubscriptionsKind;
  }
  if (type === 'reward_codes') return (await import('./rewardCodes.ts')).rewardCodesKind;
  return KINDS[type];
}

/** Rows per database round (a transaction in the processing pass); 1000 × 23 user columns stays under SQLite's 32 766 bound parameters. */
export const BATCH_SIZE = 1000;
/** Error entries kept per pass; past it the counts go on and one warning says so. */
export const MAX_LOGGED_ERRORS = 5000;

/** The few log calls a pass makes: a Fastify logger in process, forwarded over IPC in a worker. */
export type PassLog = Record<'info' | 'warn' | 'error', (data: Record<string, unknown>, msg: string) => void>;

export interface PassDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 's3' | 'defaultUserPassword' | 'scryptLogN' | 'userImportPassword'>;
  log: PassLog;
  heartbeat(): Promise<void>;
  /** runs in the transaction that ends a pass (notifications), so it happens once with it */
  onFinished?(trx: Db, row: ImportRow): Promise<void>;
}

/** How a pass ended, for the notification and the e-mail. */
export type PassOutcome = { kind: 'skipped' } | { kind: 'finished'; row: ImportRow };

/** The data rows of a stored import file (`file_path` is its storage key), read from a local copy. */
async function* storedRows(config: StorageConfig, row: Pick<ImportRow, 'file_path' | 'import_type'>): AsyncGenerator<{ line: number; raw: RawRow }> {
  const copy = await storageOf(config).localCopy(row.file_path);
  if (!copy) throw new Error(`import file missing: ${row.file_path}`);
  try {
    yield* dataRows(copy.file, row.import_type);
  } finally {
    await copy.release();
  }
}

/** The data rows of an import file, as column key → cell, after checking the header is the template's. */
export async function* dataRows(file: string, type: ImportType): AsyncGenerator<{ line: number; raw: RawRow }> {
  let columns: Array<string | null> | null = null;
  for await (const row of sheetRows(file)) {
    if (!columns) {
      if (row.line !== 1) throw new SpreadsheetError('the first line is not the header');
      const mapped = mapHeader(type, row.cells.map((c) => (c === null ? null : String(c))));
      if ('problem' in mapped) throw new SpreadsheetError(mapped.problem);
      columns = mapped.columns;
      continue;
    }
    const raw: RawRow = {};
    columns.forEach((key, i) => {
      if (key) raw[key] = row.cells[i] ?? null;
    });
    yield { line: row.line, raw };
  }
  if (!columns) throw new SpreadsheetError('the sheet is empty');
}

/** Two 32-bit FNV-1a-style rounds as one safe integer; a collision among 10^5 values is ~10^-6 likely. */
export function hash53(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/**
 * The first line each value was seen on, by a 53-bit hash of the value in typed arrays (open
 * addressing): 100k rows × 4 keys stay a few MB outside the JS heap, and no cell text is kept
 * (a text may be a slice of a whole chunk of the sheet's XML, which it would keep alive).
 */
export class FirstLines {
  private hashes = new Float64Array(1024);
  private lines = new Int32Array(1024);
  private size = 0;

  /** the line `value` was first seen on; records `line` when it is new */
  firstLine(value: string, line: number): number {
    if ((this.size + 1) * 2 > this.hashes.length) this.grow();
    const hash = hash53(value) + 1; // 0 marks a free slot
    const mask = this.hashes.length - 1;
    let slot = hash % this.hashes.length;
    for (;;) {
      const stored = this.hashes[slot]!;
      if (stored === 0) {
        this.hashes[slot] = hash;
        this.lines[slot] = line;
        this.size += 1;
        return line;
      }
      if (stored === hash) return this.lines[slot]!;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const { hashes, lines } = this;
    this.hashes = new Float64Array(hashes.length * 2);
    this.lines = new Int32Array(hashes.length * 2);
    const mask = this.hashes.length - 1;
    for (let i = 0; i < hashes.length; i += 1) {
      const hash = hashes[i]!;
      if (hash === 0) continue;
      let slot = hash % this.hashes.length;
      while (this.hashes[slot] !== 0) slot = (slot + 1) & mask;
      this.hashes[slot] = hash;
      this.lines[slot] = lines[i]!;
    }
  }
}

interface BatchRow {
  line: number;
  value: unknown;
  errors: RowError[];
}

const errorEntries = (rows: BatchRow[]): NewLogEntry[] => rows.flatMap((r) => firstPerField(r.errors).map((e) => ({
  line: r.line, log_type: 'error' as const, code: e.code, field: e.field, ...(e.params ? { params: e.params } : {}),
})));

/** First line of each value that must be unique inside the file, per field. */
type SeenValues = Map<string, FirstLines>;

/** The row's unique keys already met on an earlier line of the file (both passes check: a repeat is never written). */
function repeatedInFile<T>(kind: ImportKind<T>, value: T, line: number, seen: SeenValues): RowError[] {
  const errors: RowError[] = [];
  for (const key of kind.fileKeys(value)) {
    let lines = seen.get(key.field);
    if (!lines) seen.set(key.field, (lines = new FirstLines()));
    const first = lines.firstLine(key.value, line);
    if (first !== line) errors.push({ field: key.field, code: key.code, params: { first_line: first, value: key.value } });
  }
  return errors;
}

async function loadImport(db: Db, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Rows in batches of BATCH_SIZE, written one batch at a time, in order; the sheet goes on being
 * read while the previous batch is with the database (one batch in flight at most).
 */
class BatchPipe {
  private rows: BatchRow[] = [];
  private inFlight: Promise<void> | null = null;

  constructor(private readonly write: (rows: BatchRow[]) => Promise<void>) {}

  /** a promise only when a batch is sent (most rows cost no await) */
  push(row: BatchRow): Promise<void> | undefined {
    this.rows.push(row);
    return this.rows.length >= BATCH_SIZE ? this.send() : undefined;
  }

  private async send(): Promise<void> {
    if (this.inFlight) await this.inFlight;
    this.inFlight = null;
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    const running = this.write(rows);
    // a failure surfaces at the next push or at end(); never as an unhandled rejection
    running.catch(() => {});
    this.inFlight = running;
  }

  async end(): Promise<void> {
    await this.send();
    if (this.inFlight) await this.inFlight;
    this.inFlight = null;
  }

  /** the sheet failed: let the batch in flight finish (its own outcome) before the import ends */
  async abandon(): Promise<void> {
    await this.inFlight?.catch(() => {});
    this.inFlight = null;
  }
}

/** Keeps the log readable and bounded: past MAX_LOGGED_ERRORS, one warning and no more entries. */
class LogBudget {
  constructor(private used: number) {}
  take(entries: NewLogEntry[]): NewLogEntry[] {
    if (this.used > MAX_LOGGED_ERRORS) return [];
    const room = MAX_LOGGED_ERRORS - this.used;
    this.used += Math.min(entries.length, room);
    if (entries.length <= room) return entries;
    this.used = MAX_LOGGED_ERRORS + 1;
    return [...entries.slice(0, room), { line: null, log_type: 'warning', code: 'too_many_errors', field: null, params: { max: MAX_LOGGED_ERRORS } }];
  }
}

/** Ends a pass: the import's last state, its closing log entry and the onFinished hook, atomically. */
async function finish(
  deps: PassDeps, id: number, entry: NewLogEntry, set: (current: ImportRow) => Partial<Pick<ImportRow, 'status' | 'total_rows'>> & { finished?: boolean },
): Promise<PassOutcome> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = (await loadImport(trx, id))!;
    const { finished, ...values } = set(current);
    await addImportLogs(trx, id, [entry]);
    await trx.updateTable('imports').set({
      // the resume point belongs to the pass that just ended
      ...values, phase: null, processed_line: 1, updated_at: new Date(), ...(finished ? { finished_at: new Date() } : {}),
    }).where('id', '=', id).execute();
    const done = (await loadImport(trx, id))!;
    await deps.onFinished?.(trx, done);
    return done;
  });
  return { kind: 'finished', row };
}

/** The file itself cannot be read as the template (spec 1 §8.4): the import ends with errors. */
const failOnFile = (deps: PassDeps, row: ImportRow, error: SpreadsheetError) => finish(deps,
  row.id, { line: null, log_type: 'error', code: 'test_validation_error', field: null, params: { detail: error.message } },
  () => ({ status: 'with_errors', finished: true }));

/** A job that kept failing (its last attempt): the import ends with errors instead of staying in processing. */
export async function failOnJob(deps: PassDeps, id: number): Promise<PassOutcome> {
  const row = await loadImport(deps.db, id);
  if (!row || (row.status !== 'awaiting' && row.status !== 'processing')) return { kind: 'skipped' };
  return finish(deps, id, { line: null, log_type: 'error', code: 'test_import_error', field: null },
    () => ({ status: 'with_errors', finished: true }));
}

/**
 * "Save and validate" (spec 1 §4.3): streams the sheet, checks every row with the shared rules
 * and against the database, logs each problem with its line and column. Writes nothing else,
 * so a repeated run simply starts over. awaiting → processing (validate) → validated | with_errors.
 */
export async function runValidation(deps: PassDeps, importId: number): Promise<PassOutcome> {
  const { db } = deps;
  const row = await loadImport(db, importId);
  if (!row || !(row.status === 'awaiting' || (row.status === 'processing' && row.phase === 'validate'))) return { kind: 'skipped' };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('import_logs').where('import_id', '=', row.id).execute();
    await trx.updateTable('imports').set({
      status: 'processing', phase: 'validate', total_rows: null, processed_rows: 0, processed_line: 1,
      created_count: 0, updated_count: 0, error_count: 0, updated_at: new Date(),
    }).where('id', '=', row.id).execute();
  });
  const kind = await kindOf(row.import_type);
  const ctx: KindContext = {
    clientId: row.client_id, targetId: row.target_id, actorId: row.created_by, lookups: await loadLookups(db, row.client_id, row.target_id), defaultPasswordHash: null,
  };
  const budget = new LogBudget(0);
  const seen: SeenValues = new Map();
  let total = 0;
  let failedRows = 0;

  const flush = async (rows: BatchRow[]) => {
    const clean = rows.filter((b) => b.errors.length === 0);
    const resolved = await kind.resolve(db, clean.map((b) => b.value), ctx);
    clean.forEach((b, i) => b.errors.push(...resolved[i]!.errors));
    const failed = rows.filter((b) => b.errors.length);
    failedRows += failed.length;
    const entries = budget.take(errorEntries(failed));
    const last = rows[rows.length - 1]!.line;
    await db.transaction().execute(async (trx) => {
      await addImportLogs(trx, row.id, entries);
      await trx.updateTable('imports').set((eb) => ({
        processed_rows: eb('processed_rows', '+', rows.length), error_count: eb('error_count', '+', failed.length),
        processed_line: last, updated_at: new Date(),
      })).where('id', '=', row.id).execute();
    });
    await deps.heartbeat();
  };
  const batches = new BatchPipe(flush);

  try {
    for await (const { line, raw } of storedRows(deps.config, row)) {
      total += 1;
      const { value, errors } = kind.parse(raw, ctx);
      if (value) errors.push(...repeatedInFile(kind, value, line, seen));
      const sent = batches.push({ line, value, errors });
      if (sent) await sent;
    }
    await batches.end();
  } catch (error) {
    await batches.abandon();
    if (!(error instanceof SpreadsheetError)) throw error;
    return failOnFile(deps, row, error);
  }

  // rows with errors are listed and left out by "process"; a file where no row can be
  // imported has nothing to process and ends with errors
  const processable = total > 0 && failedRows < total;
  return finish(deps, row.id, total === 0
    ? { line: null, log_type: 'error', code: 'empty_file', field: null }
    : { line: null, log_type: failedRows === 0 ? 'success' : 'info', code: 'validation_finished', field: null, params: { total, errors: failedRows } },
  () => ({ status: processable ? 'validated' : 'with_errors', total_rows: total, finished: !processable }));
}

/**
 * "Process" (spec 1 §4.3): streams the file again and creates or updates per row, matching
 * existing rows by their natural keys. A batch is one transaction with the import's counters,
 * so a resumed job starts after the last committed line and nothing is created twice; when a
 * concurrent writer takes a key first, the batch is redone row by row (each row all-or-nothing).
 */
export async function runProcessing(deps: PassDeps, importId: number): Promise<PassOutcome> {
  const { db } = deps;
  const row = await loadImport(db, importId);
  if (!row || row.status !== 'processing' || row.phase !== 'process') return { kind: 'skipped' };
  const kind = await kindOf(row.import_type);
  const ctx: KindContext = {
    clientId: row.client_id,
    targetId: row.target_id,
    actorId: row.created_by,
    lookups: await loadLookups(db, row.client_id, row.target_id),
    // once per job, never per row (scrypt at OWASP cost takes a noticeable fraction of a second)
    // (null with USER_IMPORT_PASSWORD=link: new users get a first-access link instead)
    defaultPasswordHash: row.import_type === 'users' && deps.config.userImportPassword === 'default'
      ? await hashPassword(deps.config.defaultUserPassword, deps.config.scryptLogN) : null,
  };
  // lines the validation (or an earlier run of this pass) already logged: counted again, not logged twice
  const loggedLines = new Set((await db.selectFrom('import_logs').select('line')
    .where('import_id', '=', row.id).where('log_type', '=', 'error').where('line', 'is not', null).execute()).map((l) => l.line!));
  const budget = new LogBudget(loggedLines.size);
  const resumeAfter = row.processed_line;
  const seen: SeenValues = new Map();

  const commit = async (trx: Db, rows: BatchRow[], result: { created: number; updated: number }, failed: BatchRow[]) => {
    await addImportLogs(trx, row.id, budget.take(errorEntries(failed.filter((b) => !loggedLines.has(b.line)))));
    await trx.updateTable('imports').set((eb) => ({
      processed_rows: eb('processed_rows', '+', rows.length),
      created_count: eb('created_count', '+', result.created),
      updated_count: eb('updated_count', '+', result.updated),
      error_count: eb('error_count', '+', failed.length),
      processed_line: rows[rows.length - 1]!.line,
      updated_at: new Date(),
    })).where('id', '=', row.id).execute();
  };

  /** One row in its own transaction, checked again against what is committed now. */
  const oneRow = async (b: BatchRow) => {
    const errors = [...b.errors];
    try {
      await db.transaction().execute(async (trx) => {
        if (errors.length === 0) {
          const [resolved] = await kind.resolve(trx, [b.value], ctx);
          errors.push(...resolved!.errors);
          if (errors.length === 0) {
            const result = await kind.apply(trx, [{ line: b.line, value: b.value, existingId: resolved!.existingId }], ctx);
            return commit(trx, [b], result, []);
          }
        }
        return commit(trx, [b], { created: 0, updated: 0 }, [{ ...b, errors }]);
      });
    } catch (error) {
      const conflict = kind.conflictOf(error);
      if (!conflict) throw error;
      await db.transaction().execute((trx) => commit(trx, [b], { created: 0, updated: 0 }, [{ ...b, errors: [conflict] }]));
    }
  };

  const flush = async (rows: BatchRow[]) => {
    const clean = rows.filter((b) => b.errors.length === 0);
    const resolved = await kind.resolve(db, clean.map((b) => b.value), ctx);
    const planned: Array<Planned<unknown>> = [];
    const failed = rows.filter((b) => b.errors.length);
    clean.forEach((b, i) => {
      const r = resolved[i]!;
      if (r.errors.length) failed.push({ ...b, errors: r.errors });
      else planned.push({ line: b.line, value: b.value, existingId: r.existingId });
    });
    failed.sort((a, b) => a.line - b.line);
    try {
      await db.transaction().execute(async (trx) => {
        const result = planned.length ? await kind.apply(trx, planned, ctx) : { created: 0, updated: 0 };
        await commit(trx, rows, result, failed);
      });
    } catch (error) {
      // a unique key taken meanwhile, or a row its kind refuses under a lock (RowRefused)
      if (!isUniqueViolation(error) && !kind.conflictOf(error)) throw error;
      deps.log.info({ importId: row.id }, 'import batch met a concurrent write; redoing it row by row');
      for (const b of rows) await oneRow(b);
    }
    await deps.heartbeat();
  };
  const batches = new BatchPipe(flush);

  try {
    for await (const { line, raw } of storedRows(deps.config, row)) {
      const { value, errors } = kind.parse(raw, ctx);
      // lines already committed still count for the repeats of the lines after them
      if (value) errors.push(...repeatedInFile(kind, value, line, seen));
      if (line <= resumeAfter) continue;
      const sent = batches.push({ line, value, errors });
      if (sent) await sent;
    }
    await batches.end();
  } catch (error) {
    await batches.abandon();
    if (!(error instanceof SpreadsheetError)) throw error;
    return failOnFile(deps, row, error);
  }

  const done = (await loadImport(db, row.id))!;
  return finish(deps, row.id, {
    line: null, log_type: done.error_count === 0 ? 'success' : 'info', code: 'process_finished', field: null,
    params: { created: done.created_count, updated: done.updated_count, errors: done.error_count },
  }, (current) => ({ status: current.error_count === 0 ? 'finalized' : 'with_errors', finished: true }));
}
