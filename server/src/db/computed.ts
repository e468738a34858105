/**
 * Values computed in SQL (`exists(…)`, CASE, a `max()` of a time, a JSON document's field) come
 * from no table column, so the driver cannot type them (dialect.ts): the repository that builds
 * such a query reads them through these, once (docs/architecture/data.md).
 */
import { sql, type RawBuilder } from 'kysely';
import { dialectOf, isoTimestamp, type DialectName } from './dialect.ts';

/** A boolean computed in SQL: Postgres answers true/false, SQLite 1/0. */
export function sqlBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** A time computed in SQL (`max(created_at)` …): ISO-8601 UTC text like a column's, or null. */
export function sqlTime(value: string | Date | null | undefined): string | null {
  return value == null ? null : isoTimestamp(value);
}

/** A JSON document's text, to search it with `like` (jsonb has no `lower` or `like` of its own). */
export function jsonText(column: string): RawBuilder<string> {
  return sql<string>`cast(${sql.ref(column)} as text)`;
}

/** A top-level field of a JSON document as text (`'12'` for 12), null when absent. */
export function jsonField(db: Parameters<typeof dialectOf>[0] | DialectName, column: string, key: string): RawBuilder<string | null> {
  const dialect = typeof db === 'string' ? db : dialectOf(db);
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref(column)} ->> ${key})`
    : sql<string | null>`cast(json_extract(${sql.ref(column)}, ${`$.${key}`}) as text)`;
}
