import type { Transaction } from 'kysely';
import type { ImportType } from '@lp/shared/contract';
import type { Database, Db } from '../db/database.ts';
import { TEMPLATE_COLUMNS, type ColumnDef } from './columns.ts';
import type { Lookups } from './lookups.ts';
import type { CellValue } from './reader.ts';

/** One problem of one row: an error key (spec §8 or imports.log.*) and the column it concerns. */
export interface RowError {
  field: string | null;
  code: string;
  params?: Record<string, string | number>;
}

/** column key → cell */
export type RawRow = Record<string, CellValue>;

export interface KindContext {
  clientId: number;
  /** the one record the import writes into (imports.target_id: a face-to-face appointment); null: the whole client */
  targetId: number | null;
  /** who asked for the import (the writes a screen attributes to its user) */
  actorId: number;
  lookups: Lookups;
  /** the default password's hash, computed once per processing job (users); null: first-access links */
  defaultPasswordHash: string | null;
}

export interface Resolved {
  /** the existing row this line updates; null = it creates one */
  existingId: number | null;
  errors: RowError[];
}

export interface Planned<V> {
  line: number;
  value: V;
  existingId: number | null;
}

/**
 * What an import type knows: its row checks, its matching against the database (natural keys
 * within the selected client) and its writes. The engine (engine.ts) streams and batches.
 */
export interface ImportKind<V> {
  /** checks that need nothing but the row and the client's lookups */
  parse(raw: RawRow, ctx: KindContext): { value: V | null; errors: RowError[] };
  /** values that must not repeat inside one file, with the key a repeat is reported with */
  fileKeys(value: V): Array<{ field: string; value: string; code: string }>;
  /** a batch's matches and database conflicts, in the order given */
  resolve(db: Db, values: V[], ctx: KindContext): Promise<Resolved[]>;
  /** writes resolved rows inside the caller's transaction */
  apply(trx: Transaction<Database>, rows: Array<Planned<V>>, ctx: KindContext): Promise<{ created: number; updated: number }>;
  /** a unique violation raised by a concurrent writer, as the row's error; null if it is not one */
  conflictOf(error: unknown): RowError | null;
}

/**
 * A row the database refuses when it is written (a rule checked again under a lock): the kind's
 * `conflictOf` answers its error, and the engine redoes the batch row by row so only it fails.
 */
export class RowRefused extends Error {
  constructor(readonly error: RowError) {
    super(error.code);
    this.name = 'RowRefused';
  }
}

/** Text of a cell: numbers without exponent noise, dates as YYYY-MM-DD. */
export function cellText(value: CellValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  return String(value);
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DMY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isoOf(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (year < 1900 || year > 2100) return null;
  return d.toISOString().slice(0, 10);
}

/** spec 1 §9: dates are sent as YYYY-MM-DD; a sheet may hold an Excel date, a serial, ISO or DD/MM/YYYY. */
export function cellDate(value: CellValue): string | null | 'invalid' {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // Excel's 1900 date system: serial 25569 is 1970-01-01
    if (value < 1 || value > 80_000) return 'invalid';
    const d = new Date(Math.round((value - 25569) * 86_400_000));
    return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) ?? 'invalid';
  }
  const text = cellText(value) ?? '';
  const iso = ISO_DATE.exec(text);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? 'invalid';
  const dmy = DMY_DATE.exec(text);
  if (dmy) return isoOf(Number(dmy[3]), Number(dmy[2]), Number(dmy[1])) ?? 'invalid';
  return 'invalid';
}

/** Columns whose cell may name several values, separated by ";". */
const MULTI = new Set(['area', 'groups', 'mandatory_areas', 'mandatory_profiles']);
/** Columns whose drop-down only suggests (spec 1 §3.4 gender: male, female, plus a free entry). */
const FREE = new Set(['gender']);

export interface ReadColumns {
  /** trimmed text per column (null when empty) */
  text: Record<string, string | null>;
  /** looked-up values per list column: an id (or ids for multi columns), a country, a status */
  ref: Record<string, unknown>;
  errors: RowError[];
}

/** The column rules every import shares: required cells, sizes, dates and drop-down values. */
export function readColumns(type: ImportType, raw: RawRow, lookups: Lookups): ReadColumns {
  const text: Record<string, string | null> = {};
  const ref: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const column of TEMPLATE_COLUMNS[type] as readonly ColumnDef[]) {
    const cell = raw[column.key] ?? null;
    if (column.date) {
      const date = cellDate(cell);
      if (date === 'invalid') errors.push({ field: column.key, code: 'invalid_date', params: { value: cellText(cell) ?? '' } });
      text[column.key] = date === 'invalid' ? null : date;
      continue;
    }
    const value = cellText(cell);
    text[column.key] = value;
    if (value === null) {
      if (column.required) errors.push({ field: column.key, code: 'make_sure_that_all_fields_are_filled_in' });
      continue;
    }
    if (column.maxLength && value.length > column.maxLength) {
      errors.push({ field: column.key, code: 'value_too_long', params: { max: column.maxLength } });
      continue;
    }
    if (column.list && !FREE.has(column.key)) {
      const lookup = lookups[column.list.name] as { find(t: string): unknown };
      if (MULTI.has(column.key)) {
        const parts = value.split(';').map((p) => p.trim()).filter(Boolean);
        const ids: unknown[] = [];
        for (const part of parts) {
          const found = lookup.find(part);
          if (found === undefined) errors.push({ field: column.key, code: 'unknown_value', params: { value: part } });
          else ids.push(found);
        }
        ref[column.key] = [...new Set(ids)];
      } else {
        const found = lookup.find(value);
        if (found === undefined) errors.push({ field: column.key, code: 'unknown_value', params: { value } });
        else ref[column.key] = found;
      }
    }
  }
  return { text, ref, errors };
}

/** Several errors on one field keep the first. */
export function firstPerField(errors: RowError[]): RowError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = e.field ?? '';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Key look-ups go in slices, well under both drivers' bound-parameter limits. */
export const LOOKUP_SLICE = 1000;
export function slices<T>(items: readonly T[], size = LOOKUP_SLICE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
