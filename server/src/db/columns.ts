/**
 * Column types of the table declarations (docs/architecture/data.md). Reads come out of the
 * driver already typed (dialect.ts, columnKinds.ts): booleans as booleans, times as ISO-8601 UTC
 * text, JSON documents parsed. Writes: booleans; times as Dates or ISO-8601 text; JSON as its
 * text (`JSON.stringify`, also for arrays: pg would send a JS array as a Postgres array).
 */
import type { ColumnType } from 'kysely';

/** A boolean column. */
export type DbBool = ColumnType<boolean, boolean, boolean>;
/** A boolean column with a database default: optional on insert. */
export type DefaultBool = ColumnType<boolean, boolean | undefined, boolean>;

/** A time, read as ISO-8601 UTC text (`2026-11-27T02:09:57.000Z`). */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** A time with a database default: optional on insert. */
export type DefaultTimestamp = ColumnType<string, Date | string | undefined, Date | string>;
/** A time that may be unset: optional on insert. */
export type NullableTimestamp = ColumnType<string | null, Date | string | null | undefined, Date | string | null>;

/** A JSON document, read as its value `T`, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
/** A JSON document with a database default: optional on insert. */
export type DefaultJson<T> = ColumnType<T, string | undefined, string>;
/** A JSON document that may be unset. */
export type NullableJson<T> = ColumnType<T | null, string | null, string | null>;
