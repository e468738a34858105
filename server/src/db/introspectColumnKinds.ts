import { sql, type Kysely } from 'kysely';
import type { ColumnKind } from './columnKinds.ts';

/**
 * The kinds of the current Postgres schema's columns that the SQLite driver must convert on
 * read: booleans (0/1 there), timestamps (normalised to ISO-8601 UTC) and JSON documents (text
 * there). Postgres knows them by type; SQLite does not, so the result is kept in columnKinds.ts.
 */
export async function introspectColumnKinds(db: Kysely<unknown>): Promise<Record<string, Record<string, ColumnKind>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('boolean', 'timestamp with time zone', 'jsonb')
      and table_name not like 'kysely_%'
    order by table_name, column_name`.execute(db);
  const kinds: Record<string, Record<string, ColumnKind>> = {};
  for (const row of rows) {
    const kind: ColumnKind = row.data_type === 'boolean' ? 'bool' : row.data_type === 'jsonb' ? 'json' : 'timestamp';
    (kinds[row.table_name] ??= {})[row.column_name] = kind;
  }
  return kinds;
}

/** The source text of columnKinds.ts for these kinds (one line a table, sorted). */
export function columnKindsSource(kinds: Record<string, Record<string, ColumnKind>>): string {
  const lines = Object.keys(kinds).sort().map((table) => {
    const columns = Object.entries(kinds[table]!).sort(([a], [b]) => a.localeCompare(b)).map(([c, k]) => `${c}: '${k}'`).join(', ');
    return `  ${table}: { ${columns} },`;
  });
  return `${HEADER}export const COLUMN_KINDS = {\n${lines.join('\n')}\n} as const satisfies ColumnKinds;\n`;
}

const HEADER = `/**
 * What the SQLite driver converts on read (dialect.ts), by table and column: 0/1 to booleans,
 * stored times to ISO-8601 UTC, JSON text to values. Generated from a migrated Postgres schema —
 * run \`npm run column-kinds -w server\` after a migration; test/column-kinds.test.ts fails while
 * this file and the migrations disagree, and the type-check while the table declarations
 * (db/columns.ts types) do.
 */
export type ColumnKind = 'bool' | 'timestamp' | 'json';
export type ColumnKinds = Readonly<Record<string, Readonly<Record<string, ColumnKind>>>>;

`;
