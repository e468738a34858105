/**
 * A report button's report (spec 1 §2.3, §3.1, §4.4, §7, §8.4; spec 3 §4 "Reports in these
 * modules"), declared once: which session timestamp it counts down from, the route it is asked
 * at and who may ask, the list filters it takes, its columns, and the rows of the selected client.
 * The request route, the cooldown, the job, the xlsx frame (exceljs streaming writer, escaped
 * cells, the requester's date format), the e-mail and the notification are the same for every
 * report (routes/reports, reports/index.ts, reports/workbook.ts); catalogue.ts lists them.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { ReportKey } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';

/** What a cell holds: text (escaped against formulas when written), a number, a time, or nothing. */
export type ReportCell = string | number | Date | null;

export interface ReportColumn<F extends string = string> {
  field: F;
  /** the header's translation key (locales/*.json) */
  label: string;
  /** the column's width in characters */
  width: number;
  /** a time: written as a date cell in the requester's format (spec 1 §9), in UTC */
  date?: boolean;
}

/** One row: a value per column field; a field left out is an empty cell. */
export type ReportRow<F extends string = string> = Partial<Record<F, ReportCell>>;

export interface ReportContext<P> {
  clientId: number;
  /** the list filters it was asked with, as `normalizeReportParams` kept them */
  params: P;
  languageId: number;
  /** a text in the requester's language (status words, types) */
  t(key: string): string;
}

export interface ReportDeclaration<B extends TObject = TObject, F extends string = string> {
  /** spec 1 §3.1: the session's last-request timestamp this report counts down from */
  key: ReportKey;
  /** POST path under /api (the contract's), answered 202 ReportAccepted */
  path: string;
  /** the admin title slug (spec 1 §2.3) of the screen whose button asks for it */
  title: string;
  /** module items the requester needs in the selected client (spec 1 §6.2 `reports`; superusers pass) */
  permissions: readonly [string, ...string[]];
  /** the request body: the list's filters (unknown keys dropped) */
  body: B;
  columns: ReadonlyArray<ReportColumn<F>>;
  /**
   * The rows, in pages (memory stays flat whatever the client's size), of the selected client
   * only, read as the list reads them with the same filters. The frame calls the job's
   * heartbeat after every page.
   */
  rows(db: Db, context: ReportContext<Static<B>>): AsyncIterable<ReadonlyArray<ReportRow<F>>>;
}

/** Declares a report; the type checks the rows' fields against the columns. */
export function defineReport<B extends TObject, F extends string>(declaration: ReportDeclaration<B, F>): ReportDeclaration<B, F> {
  return declaration;
}

/** The filters as kept with the report: the body's own keys only, texts trimmed, empty values left out. */
export function normalizeReportParams(schema: TObject, body: object | undefined): Record<string, unknown> {
  const known = new Set(Object.keys(schema.properties));
  return Object.fromEntries(Object.entries(body ?? {})
    .filter(([key]) => known.has(key))
    .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
    .filter(([, value]) => value !== undefined && value !== null && value !== ''));
}
