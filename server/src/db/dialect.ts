/**
 * Everything that differs between SQLite and Postgres lives here (DESIGN "Data"):
 * connection, column types for migrations, booleans, timestamps and unique-violation errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type ColumnDefinitionBuilder, type ColumnType,
  type ColumnDataType,
} from 'kysely';
import type { Database } from './database.ts';

/** Written as a boolean; read as boolean (pg) or 0/1 (SQLite): read through `toBool`. */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;
/** Written as a Date; read as Date (pg) or ISO text (SQLite): read through `toIso`. */
export type Timestamp = ColumnType<Date | string, Date, Date>;

export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl: string | null;
  databaseSchema: string | null;
  dataDir: string;
}

type SqliteParam = unknown;
function toSqliteParam(value: SqliteParam): SqliteParam {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Statements kept compiled: the same few hundred SQL texts run over and over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 refuses booleans and Dates; convert them once, at the driver. Compiling a
 * statement costs more than running most of them (a fifth of the server's CPU under chat load
 * went to `prepare`), so statements are cached by their text, least recently used out first;
 * Kysely's driver runs one query at a time, so a cached statement is never in use twice.
 */
function sqliteWithConversions(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  const statement = (sqlText: string): SQLite.Statement => {
    const cached = cache.get(sqlText);
    if (cached) {
      cache.delete(sqlText);
      cache.set(sqlText, cached);
      return cached;
    }
    const stmt = database.prepare(sqlText);
    cache.set(sqlText, stmt);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return stmt;
  };
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sqlText: string) {
      const stmt = statement(sqlText);
      return {
        reader: stmt.reader,
        all: (params: readonly unknown[]) => stmt.all(...params.map(toSqliteParam)),
        run: (params: readonly unknown[]) => stmt.run(...params.map(toSqliteParam)),
        iterate: (params: readonly unknown[]) => stmt.iterate(...params.map(toSqliteParam)),
      };
    },
  };
}

export function connect(options: ConnectOptions): DbHandle {
  if (options.databaseUrl) {
    // counts come back as int8 strings; they always fit a JS number here
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const schema = options.databaseSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'learning.db');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // WAL's usual production setting: commits are not synced one by one (a power cut may lose the
  // last ones, never consistency). better-sqlite3 runs on the event loop, so every fsync saved is
  // latency saved for every request. (A memory map and a 32 MB page cache were tried: no gain on
  // the chat path, and they count against an import's memory.)
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    // the wrapper has the statement surface Kysely's SQLite driver uses
    dialect: new SqliteDialect({ database: sqliteWithConversions(database) as unknown as SQLite.Database }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types for migrations. */
export function columnTypes(dialect: DialectName) {
  const pgSide = dialect === 'postgres';
  return {
    id: (pgSide ? 'serial' : 'integer') as ColumnDataType,
    bool: (pgSide ? 'boolean' : 'integer') as ColumnDataType,
    timestamp: (pgSide ? 'timestamptz' : 'text') as ColumnDataType,
    json: 'text' as ColumnDataType,
    /** serial is already generated on pg; SQLite wants AUTOINCREMENT to never reuse ids */
    primaryId: (c: ColumnDefinitionBuilder) => (pgSide ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}

export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Unique-constraint violation in either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The columns a unique violation names: Postgres `detail` "Key (email)=(…) already exists" or
 * its constraint name, SQLite "UNIQUE constraint failed: users.email".
 */
export function uniqueViolationColumns(error: unknown): string[] {
  if (!isUniqueViolation(error)) return [];
  const e = error as { detail?: string; constraint?: string; message?: string };
  const pgKey = /Key \(([^)]+)\)/.exec(e.detail ?? '');
  if (pgKey?.[1]) return pgKey[1].split(',').map((c) => c.trim());
  const lite = /UNIQUE constraint failed: (.+)$/.exec(e.message ?? '');
  if (lite?.[1]) return lite[1].split(',').map((c) => c.trim().split('.').pop() ?? '');
  return e.constraint ? [e.constraint] : [];
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
