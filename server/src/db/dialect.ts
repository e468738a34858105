/**
 * Everything that differs between SQLite and Postgres lives here (DESIGN "Data"):
 * connection, column types for migrations, booleans, timestamps and unique-violation errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, Kysely, PostgresAdapter, PostgresDialect, sql,
  type ColumnDataType, type ColumnDefinitionBuilder, type Dialect, type ColumnMetadata, type DatabaseIntrospector,
  type DatabaseMetadata, type DatabaseMetadataOptions, type SchemaMetadata, type TableMetadata,
} from 'kysely';
import type { Database } from './database.ts';
import { LiteralLimitSqliteDialect } from './sqliteCompiler.ts';
import type { WriteWatch } from './writeWatch.ts';
import { COLUMN_KINDS, type ColumnKind, type ColumnKinds } from './columnKinds.ts';

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
  /** hears the writes of the tables it watches (db/writeWatch.ts) */
  writeWatch?: WriteWatch;
}

type SqliteParam = unknown;
function toSqliteParam(value: SqliteParam): SqliteParam {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Statements kept compiled: the same few hundred SQL texts run over and over. */
const STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;
type ReadConversion = readonly [name: string, convert: (value: unknown, where: string) => unknown];

/**
 * A stored time as ISO-8601 UTC text. Dates are written as that text already (the common case,
 * returned as it is); SQLite's CURRENT_TIMESTAMP writes 'YYYY-MM-DD HH:MM:SS' (UTC).
 */
export function isoTimestamp(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  if (value.length === 24 && value[10] === 'T' && value[23] === 'Z') return value;
  return new Date(/^\d{4}-\d\d-\d\d \d/.test(value) ? `${value.replace(' ', 'T')}Z` : value).toISOString();
}

function jsonOf(value: unknown, where: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new Error(`${where} holds text that is not JSON`);
  }
}

const READ: Record<ColumnKind, ReadConversion[1]> = {
  bool: (value) => (value == null ? value : value === 1 || value === true),
  timestamp: (value) => (value == null ? value : isoTimestamp(String(value))),
  json: jsonOf,
};

/** The kinds the SQLite driver reads by: the migrations' (columnKinds.ts), and any registered below. */
const kinds: Record<string, Readonly<Record<string, ColumnKind>>> = { ...(COLUMN_KINDS as ColumnKinds) };

/**
 * The kinds of tables made outside the migrations (a test's throwaway owner kind): a migration's
 * tables are known from columnKinds.ts once it is regenerated. Statements prepared later read by them.
 */
export function registerColumnKinds(extra: ColumnKinds): void {
  Object.assign(kinds, extra);
}

/**
 * What a statement's rows need converting, from the table and column each result column comes
 * from (SQLite keeps the origin through aliases and subqueries); computed columns have none.
 */
function readConversions(stmt: SQLite.Statement): ReadConversion[] {
  if (!stmt.reader) return [];
  const conversions: ReadConversion[] = [];
  for (const column of stmt.columns()) {
    const kind = column.table && column.column ? kinds[column.table]?.[column.column] : undefined;
    if (kind) {
      const where = `${column.table}.${column.column}`;
      const read = READ[kind];
      conversions.push([column.name, (value) => read(value, where)]);
    }
  }
  return conversions;
}

function converted<T>(rows: T[], conversions: readonly ReadConversion[]): T[] {
  if (conversions.length === 0) return rows;
  for (const row of rows as Row[]) {
    for (const [name, convert] of conversions) row[name] = convert(row[name], name);
  }
  return rows;
}

/**
 * better-sqlite3 refuses booleans and Dates; convert them once, at the driver, and read back
 * booleans, ISO times and parsed JSON as Postgres hands them over (DESIGN "Data": reads are
 * typed at the driver, never at call sites). Compiling a statement costs more than running most
 * of them (a fifth of the server's CPU under chat load went to `prepare`), so statements and
 * their read conversions are cached by their text, least recently used out first; Kysely's
 * driver runs one query at a time, so a cached statement is never in use twice.
 */
function sqliteWithConversions(database: SQLite.Database) {
  interface Prepared { stmt: SQLite.Statement; conversions: ReadConversion[] }
  const cache = new Map<string, Prepared>();
  const statement = (sqlText: string): Prepared => {
    const cached = cache.get(sqlText);
    if (cached) {
      cache.delete(sqlText);
      cache.set(sqlText, cached);
      return cached;
    }
    const stmt = database.prepare(sqlText);
    const prepared = { stmt, conversions: readConversions(stmt) };
    cache.set(sqlText, prepared);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return prepared;
  };
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sqlText: string) {
      const { stmt, conversions } = statement(sqlText);
      return {
        reader: stmt.reader,
        all: (params: readonly unknown[]) => converted(stmt.all(...params.map(toSqliteParam)), conversions),
        run: (params: readonly unknown[]) => stmt.run(...params.map(toSqliteParam)),
        iterate: function* (params: readonly unknown[]) {
          for (const row of stmt.iterate(...params.map(toSqliteParam))) yield converted([row], conversions)[0];
        },
      };
    },
  };
}

/** Postgres hands timestamps over as Dates: they are read as the same ISO-8601 text as SQLite's. */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;
function readTimestampsAsIso(): void {
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (text: string) => parseTimestamptz(text).toISOString());
}

/** Our class of advisory locks (pg_advisory_lock's first key); the second is the schema's hash. */
const MIGRATION_LOCK_CLASS = 0x4c50;

/**
 * Kysely takes one database-wide advisory lock for migrations, so every schema of the database
 * waited for every other's (the test files migrate one schema each: under load the waits ran
 * past the plugin timeout). The lock is taken per schema instead: nodes migrating the same
 * schema still take turns.
 */
class SchemaMigrationLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(current_schema()))`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(current_schema()))`.execute(db);
  }
}

/**
 * Kysely's Postgres introspector (which its migrator calls to find its own tables) reads every
 * schema of the database and calls has_schema_privilege() by name on each: a schema dropped by
 * another process between the catalog read and that call fails the query ("schema … does not
 * exist") — the test files each drop their own schema when done. This one reads the current
 * schema only, which is all the app and its migrations ever use.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<IntrospectedColumn>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema, a.attname as column,
             typ.typname as type, tns.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, col_description(a.attrelid, a.attnum) as comment,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as serial
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace tns on typ.typnamespace = tns.oid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      const internal = row.table === DEFAULT_MIGRATION_TABLE || row.table === DEFAULT_MIGRATION_LOCK_TABLE;
      if (internal && !options.withInternalKyselyTables) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.serial !== null,
        hasDefaultValue: row.has_default,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

interface IntrospectedColumn {
  table: string;
  kind: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  comment: string | null;
  serial: string | null;
}

class SchemaPostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new SchemaMigrationLockAdapter();
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

export function connect(options: ConnectOptions): DbHandle {
  const watch = options.writeWatch;
  const config = (dialect: Dialect) => (watch ? { dialect: watch.wrapDialect(dialect), plugins: [watch.plugin] } : { dialect });
  if (options.databaseUrl) {
    // counts come back as int8 strings; they always fit a JS number here
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    readTimestampsAsIso();
    const schema = options.databaseSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // an idle connection the server ends (a restart, a failover, an admin's terminate) is an 'error'
    // event on the pool: unheard, it would end the process; the pool drops it and connects anew
    pool.on('error', (error) => {
      process.emitWarning(`postgres: idle connection lost (${error.message})`);
    });
    const db = new Kysely<Database>(config(new SchemaPostgresDialect({ pool })));
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
  // the wrapper has the statement surface Kysely's SQLite driver uses
  const db = new Kysely<Database>(config(new LiteralLimitSqliteDialect({ database: sqliteWithConversions(database) as unknown as SQLite.Database })));
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
    /** jsonb on Postgres (parsed by the driver), text on SQLite (parsed by columnKinds.ts) */
    json: (pgSide ? 'jsonb' : 'text') as ColumnDataType,
    /** serial is already generated on pg; SQLite wants AUTOINCREMENT to never reuse ids */
    primaryId: (c: ColumnDefinitionBuilder) => (pgSide ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}

/** Unique-constraint violation in either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Foreign-key violation in either driver: a row still referenced by a `restrict` key. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  // SQLite reports a RESTRICT action as SQLITE_CONSTRAINT_TRIGGER; its message names the key
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
    || (e?.code === 'SQLITE_CONSTRAINT_TRIGGER' && /FOREIGN KEY constraint failed/.test(e.message ?? ''));
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
