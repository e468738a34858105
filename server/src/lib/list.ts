/**
 * One list helper for every resource, two envelopes (DESIGN "API contract"):
 * DRF `page, page_size, search, ordering` → `{count, results}` (page_size 0 = all), and
 * ra-data-simple-rest `range, sort, filter` → bare array + `Content-Range`.
 */
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { LIST_LIMITS, Paged, type ListQuery } from '@lp/shared/contract';
import { HttpError } from './httpError.ts';

export interface ListSpec {
  /** column refs searched by `search` / `filter.q` (case-insensitive substring) */
  searchColumns: readonly string[];
  /** API field → column ref or select alias allowed in ordering / sort */
  sortable: Readonly<Record<string, string>>;
  /** API field; '-' prefix for descending */
  defaultOrdering: string;
  /** filter key → column ref, exact match (an array means any of) */
  filters?: Readonly<Record<string, string>>;
}

export type Envelope = 'drf' | 'simple';

export interface ListRequest {
  envelope: Envelope;
  offset: number;
  /** null = every row */
  limit: number | null;
  search: string | null;
  sortColumn: string;
  descending: boolean;
  filters: Array<{ column: string; values: Array<string | number | boolean> }>;
}

export const DEFAULT_PAGE_SIZE = 10;

function invalid(detail: string, field?: string): HttpError {
  return new HttpError(400, 'validation_error', detail, field ? { [field]: 'validation_error' } : undefined);
}

/** A paging number inside LIST_LIMITS, or a 400: an unbounded one became an OFFSET the database refused (a 500). */
function bounded(field: string, value: number, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw invalid(`${field} must be an integer from ${min} to ${max}`, field);
  return value;
}

function parseJsonParam(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(`${name} is not valid JSON`);
  }
}

function ordering(spec: ListSpec, field: string, descending: boolean): Pick<ListRequest, 'sortColumn' | 'descending'> {
  const column = spec.sortable[field];
  if (!column) throw invalid(`cannot order by ${field}`);
  return { sortColumn: column, descending };
}

type FilterValue = string | number | boolean;
const isScalar = (v: unknown): v is FilterValue => ['string', 'number', 'boolean'].includes(typeof v);

export function parseListQuery(query: ListQuery, spec: ListSpec): ListRequest {
  const simple = query.range !== undefined || query.sort !== undefined || query.filter !== undefined;
  const def = spec.defaultOrdering.startsWith('-')
    ? ordering(spec, spec.defaultOrdering.slice(1), true)
    : ordering(spec, spec.defaultOrdering, false);

  if (!simple) {
    const pageSize = bounded('page_size', query.page_size ?? DEFAULT_PAGE_SIZE, 0, LIST_LIMITS.maxPageSize);
    const page = bounded('page', query.page ?? 1, 1, LIST_LIMITS.maxPage);
    const order = query.ordering
      ? ordering(spec, query.ordering.replace(/^-/, ''), query.ordering.startsWith('-'))
      : def;
    return {
      envelope: 'drf',
      offset: pageSize === 0 ? 0 : (page - 1) * pageSize,
      limit: pageSize === 0 ? null : pageSize,
      search: query.search?.trim() || null,
      ...order,
      filters: [],
    };
  }

  let offset = 0;
  let limit: number | null = null;
  if (query.range) {
    const range = parseJsonParam(query.range, 'range');
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw invalid('range must be [start, end]');
    }
    offset = bounded('range', range[0], 0, LIST_LIMITS.maxOffset);
    limit = Math.min(range[1] - range[0] + 1, LIST_LIMITS.maxPageSize);
  }
  let order = def;
  if (query.sort) {
    const sort = parseJsonParam(query.sort, 'sort');
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw invalid('sort must be [field, order]');
    order = ordering(spec, sort[0], String(sort[1]).toUpperCase() === 'DESC');
  }
  let search: string | null = null;
  const filters: ListRequest['filters'] = [];
  if (query.filter) {
    const filter = parseJsonParam(query.filter, 'filter');
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('filter must be an object');
    const allowed: Record<string, string> = { id: spec.sortable.id ?? 'id', ...spec.filters };
    for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
      if (key === 'q') {
        search = typeof value === 'string' && value.trim() ? value.trim() : null;
        continue;
      }
      const column = allowed[key];
      if (!column) continue; // parent ids and UI-only filters are read by the route itself
      const values = Array.isArray(value) ? value : [value];
      if (!values.every(isScalar)) throw invalid(`filter ${key} has an invalid value`);
      filters.push({ column, values });
    }
  }
  return { envelope: 'simple', offset, limit, search, ...order, filters };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The count and page statements of a list: search, filters, order and paging applied to a query of one resource. */
function listStatements<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: Pick<ListRequest, 'limit' | 'sortColumn' | 'descending'>,
  spec: ListSpec,
  pattern: string | null,
  filters: ListRequest['filters'],
  paging: { limit: number; offset: number } | null,
) {
  let qb = query;
  if (pattern !== null && spec.searchColumns.length > 0) {
    const ors = spec.searchColumns.map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
    qb = qb.where(sql<boolean>`(${sql.join(ors, sql` or `)})`);
  }
  for (const f of filters) qb = qb.where(sql<boolean>`${sql.ref(f.column)} in (${sql.join(f.values)})`);
  const count = qb.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('count'));
  let page = qb
    .orderBy(sql.ref(request.sortColumn), request.descending ? 'desc' : 'asc')
    .orderBy(sql.ref(spec.sortable.id ?? 'id'), 'asc');
  if (paging) page = page.limit(paging.limit).offset(paging.offset);
  return { count, page };
}

const patternOf = (search: string | null) => (search ? `%${escapeLike(search.toLowerCase())}%` : null);
const totalOf = (row: unknown) => Number((row as { count?: number | string } | undefined)?.count ?? 0);

/** Applies search, filters, count and paging to a query of one resource. */
export async function runList<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: ListRequest,
  spec: ListSpec,
): Promise<{ rows: O[]; total: number }> {
  if (request.filters.some((f) => f.values.length === 0)) return { rows: [], total: 0 };
  const paging = request.limit !== null ? { limit: request.limit, offset: request.offset } : null;
  const { count, page } = listStatements(query, request, spec, patternOf(request.search), request.filters, paging);
  const total = totalOf(await count.executeTakeFirst());
  const rows = await page.execute();
  return { rows: rows as O[], total };
}

interface Reusable { sql: string; parameters: readonly unknown[]; slots: Array<number | null> }
/** Shapes kept per resource: a search or not, the filters and how many values each, the order, the page size. */
const MAX_SHAPES = 200;
const CLIENT = -0x7ead11;
const OFFSET = -0x7ead12;
const PATTERN = '\u0000pattern';

function reusable(compiled: CompiledQuery, placeholders: readonly unknown[]): Reusable {
  const slots = compiled.parameters.map((value) => {
    const slot = placeholders.findIndex((p) => Object.is(p, value));
    return slot >= 0 ? slot : null;
  });
  if (!slots.includes(0)) throw new Error('reusableList: the query must use the client id as a value');
  return { sql: compiled.sql, parameters: compiled.parameters, slots };
}

const withValues = (r: Reusable, values: readonly unknown[]) => CompiledQuery.raw(r.sql, r.parameters.map((p, i) => {
  const slot = r.slots[i];
  return slot === null || slot === undefined ? p : values[slot];
}));

/**
 * runList for a resource whose query depends on the client id alone, used as a plain value (no
 * clock, no other state: db/reusableQuery.ts's rule): its count and page statements are built
 * and compiled once per shape and run with each request's values. Building and compiling them
 * cost a tenth of a list request (bench/api-list.ts, issue #23 item 8).
 */
export function reusableList<DB, TB extends keyof DB, O>(
  build: (db: Kysely<DB>, clientId: number) => SelectQueryBuilder<DB, TB, O>,
  spec: ListSpec,
): (db: Kysely<DB>, clientId: number, request: ListRequest) => Promise<{ rows: O[]; total: number }> {
  const byDb = new WeakMap<object, Map<string, { count: Reusable; page: Reusable }>>();
  return async (db, clientId, request) => {
    if (request.filters.some((f) => f.values.length === 0)) return { rows: [], total: 0 };
    const search = spec.searchColumns.length > 0 && request.search !== null && request.search !== '';
    // the page size is part of the shape: SQLite compiles it as a literal (db/sqliteCompiler.ts)
    const key = JSON.stringify([search, request.filters.map((f) => [f.column, f.values.length]), request.sortColumn, request.descending, request.limit]);
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let shape = shapes.get(key);
    if (!shape) {
      const filterSlots = request.filters.map((f, i) => ({ column: f.column, values: f.values.map((_, j) => `\u0000filter${i}.${j}`) }));
      const placeholders = [CLIENT, PATTERN, OFFSET, ...filterSlots.flatMap((f) => f.values)];
      const paging = request.limit !== null ? { limit: request.limit, offset: OFFSET } : null;
      const { count, page } = listStatements(build(db, CLIENT), request, spec, search ? PATTERN : null, filterSlots, paging);
      shape = { count: reusable(count.compile(), placeholders), page: reusable(page.compile(), placeholders) };
      if (shapes.size < MAX_SHAPES) shapes.set(key, shape);
    }
    const values = [clientId, patternOf(request.search), request.offset, ...request.filters.flatMap((f) => f.values)];
    const total = totalOf((await db.executeQuery(withValues(shape.count, values))).rows[0]);
    const rows = (await db.executeQuery(withValues(shape.page, values))).rows as O[];
    return { rows, total };
  };
}

/**
 * The 200 schema of a list route: either envelope (docs/api.md "Lists"), the items as `item`
 * (fields outside it are not sent, as for every answer with a schema).
 */
export const listResponse = <T extends TSchema>(item: T) => ({ 200: Type.Union([Paged(item), Type.Array(item)]) });

/** Answers in the envelope the request used. */
export function sendList<T>(reply: FastifyReply, resource: string, request: ListRequest, results: T[], total: number) {
  if (request.envelope === 'drf') return reply.send({ count: total, results });
  const end = results.length === 0 ? request.offset : request.offset + results.length - 1;
  reply.header('Content-Range', `${resource} ${request.offset}-${end}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return reply.send(results);
}
