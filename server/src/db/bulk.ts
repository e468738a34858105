/**
 * Many rows in one statement, written the way each database takes them fastest. Postgres
 * parses and plans a VALUES list of 1000 rows × 20 parameters slowly (~90 ms, three times an
 * insert from one JSON parameter), so there the rows travel as one JSON array expanded by
 * json_populate_recordset, typed by the table itself; SQLite takes VALUES lists, in slices
 * under its bound-parameter limit.
 */
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { COLUMN_KINDS, type ColumnKinds } from './columnKinds.ts';
import type { Database, Db } from './database.ts';
import { dialectOf } from './dialect.ts';

/** SQLite binds at most 32 766 parameters per statement. */
const SQLITE_MAX_PARAMS = 32_766;

type Table = keyof Database & string;
/** What the SQLite branch needs of Kysely, without per-table generics it cannot check here. */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Inserts `rows` (every row with the same keys: a missing key is written as null, not as the
 * column's default) and returns the `returning` columns of each, in the order given.
 */
export async function bulkInsert<T extends Table, R extends keyof Selectable<Database[T]> & string = never>(
  db: Db, table: T, rows: ReadonlyArray<Insertable<Database[T]>>, returning: readonly R[] = [],
): Promise<Array<Pick<Selectable<Database[T]>, R>>> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  type Out = Pick<Selectable<Database[T]>, R>;
  if (dialectOf(db) === 'postgres') {
    const list = sql.join(columns.map((c) => sql.ref(c)));
    const back = returning.length ? sql` returning ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``;
    const result = await sql<Out>`insert into ${sql.table(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.table(table)}, ${recordsetJson(table, columns, rows)}::json)${back}`.execute(db);
    return result.rows;
  }
  const loose = db as unknown as LooseDb;
  const perStatement = Math.max(1, Math.floor(SQLITE_MAX_PARAMS / columns.length));
  const out: Out[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement) as unknown as Array<Record<string, unknown>>;
    const insert = loose.insertInto(table).values(slice);
    if (returning.length) out.push(...(await insert.returning(returning).execute()) as unknown as Out[]);
    else await insert.execute();
  }
  return out;
}

/**
 * The rows as one JSON array. JSON columns are written as their text (db/columns.ts): in the
 * array they go as the documents, or json_populate_recordset would store them as JSON strings.
 */
function recordsetJson(table: Table, columns: readonly string[], rows: ReadonlyArray<object>): string {
  const kinds = (COLUMN_KINDS as ColumnKinds)[table] ?? {};
  const documents = columns.filter((c) => kinds[c] === 'json');
  if (documents.length === 0) return JSON.stringify(rows);
  return JSON.stringify(rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const c of documents) if (typeof out[c] === 'string') out[c] = JSON.parse(out[c]);
    return out;
  }));
}

/**
 * The list of "column in (…)": on Postgres one array parameter, unnested (the planner then
 * probes the column's index per element; `= any($1)` over 1000 elements chose a sequential
 * scan, four times slower), whatever its length; on SQLite the values themselves.
 */
export function listOf<V extends string | number>(db: Db, values: readonly V[]): RawBuilder<V> | readonly V[] {
  if (dialectOf(db) !== 'postgres') return values;
  const type = typeof values[0] === 'number' ? sql`bigint[]` : sql`text[]`;
  return sql<V>`(select unnest(${values}::${type}))`;
}
