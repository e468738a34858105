import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';

/**
 * The schema of one of `values` (a rules list such as BANNER_TYPES). Declared free of side
 * effects: a page that uses only a contract module's paths then drops that module's schemas,
 * and TypeBox with them, from its bundle (a top-level `values.map(…)` would keep them).
 */
/*#__NO_SIDE_EFFECTS__*/
export function literalUnion<T extends string | number>(values: readonly T[]): TUnion<TLiteral<T>[]> {
  return Type.Union(values.map((value) => Type.Literal(value)));
}

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParams = Static<typeof IdParams>;

/** A 204 answer: nothing in the body. */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'No content' });

/** An answer that is a file's bytes, typed by its Content-Type (a download, a PDF, a template, media). */
export const FileAnswer = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'The file; its type is in Content-Type' });

export const ApiErrorSchema = Type.Object({
  detail: Type.String(),
  code: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/**
 * One list query, two envelopes (DESIGN "API contract"): DRF `page, page_size, search, ordering`
 * or ra-data-simple-rest `range, sort, filter` (JSON strings).
 */
/**
 * Paging bounds of every list: a page past these is refused (400 validation_error) before it
 * becomes an OFFSET no database takes (docs/security.md "Input edges").
 */
export const LIST_LIMITS = { maxPage: 100_000, maxPageSize: 1000, maxOffset: 10_000_000 } as const;
export const PageNumber = Type.Integer({ minimum: 1, maximum: LIST_LIMITS.maxPage });

export const ListQuery = Type.Object({
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 0, maximum: LIST_LIMITS.maxPageSize })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  ordering: Type.Optional(Type.String({ maxLength: 64 })),
  range: Type.Optional(Type.String({ maxLength: 64 })),
  sort: Type.Optional(Type.String({ maxLength: 128 })),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ count: Type.Integer(), results: Type.Array(item) });

export interface Paged<T> {
  count: number;
  results: T[];
}

export const Translations = Type.Object({
  'pt-br': Type.Optional(Type.String({ maxLength: 256 })),
  'en-us': Type.Optional(Type.String({ maxLength: 256 })),
  'es-es': Type.Optional(Type.String({ maxLength: 256 })),
  'fr-fr': Type.Optional(Type.String({ maxLength: 256 })),
});
export type Translations = Static<typeof Translations>;
