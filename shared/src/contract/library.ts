import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, PageNumber } from './common.ts';
import { LIBRARIES_PATH, LIBRARY_CATEGORIES_PATH } from './collections.ts';

/**
 * The library (spec 3 §2, §3 "Library file", §4, §5, §9). Spec 3 §7 leaves its
 * calls "not shown": they are designed in the style of the other admin contracts (JSON bodies,
 * both list envelopes) under /admin_library/, and of the learner contract (`{count, results}`
 * with page / page_size) under /library/. Files arrive as tus uploads referred to by id.
 */
const ADMIN_CATEGORIES = LIBRARY_CATEGORIES_PATH;
const ADMIN_FILES = LIBRARIES_PATH;
const LEARNER = '/library/';

export const LIBRARY_PATHS = {
  categories: ADMIN_CATEGORIES,
  category: (id: number | string) => `${ADMIN_CATEGORIES}${id}/`,
  files: ADMIN_FILES,
  file: (id: number | string) => `${ADMIN_FILES}${id}/`,
  /** learner: the files the user may see, with the filters of spec 1 §2.2 */
  learnerFiles: LEARNER,
  /** learner: the categories, tags and extensions of those files (the filter choices) */
  learnerFilters: `${LEARNER}filters/`,
  learnerFile: (id: number | string) => `${LEARNER}${id}/`,
  /** learner: POST when the preview opens (counted once per user) */
  learnerView: (id: number | string) => `${LEARNER}${id}/view/`,
  /** learner: GET the file as an attachment, when the file allows it (counted once per user) */
  learnerDownload: (id: number | string) => `${LEARNER}${id}/download/`,
} as const;

/** tus metadata `kind` of a library file (any extension, ≤ 150 MB). */
export const LIBRARY_UPLOAD_KIND = 'library_file';

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 });
const NullableText = Type.Union([Type.String(), Type.Null()]);
/** Nullable inputs as `type: [x, 'null']` (anyOf would coerce null away; see contract/trainings.ts). */
const NullableInteger = () => Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1 });
const NamedRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const LibraryCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  qty_files: Type.Integer(),
  created_at: Type.String(),
});
export type LibraryCategory = Static<typeof LibraryCategory>;

export const LibraryCategoryInput = Type.Object({ name: Type.String({ maxLength: 2000 }) });
export type LibraryCategoryInput = Static<typeof LibraryCategoryInput>;

/** GET /admin_library/libraries/{id}/, each list row, and the answer of every write. */
export const LibraryFile = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** spec 3 §3: a short text shown before the description */
  introduction: Type.String(),
  /** spec 3 §3: unique in the client (made from the title when none was given) */
  slug: Type.String(),
  category: Type.Union([Type.Integer(), Type.Null()]),
  category_name: NullableText,
  /** spec 3 §4: 1 active, 2 inactive */
  status: Type.Integer(),
  allow_download: Type.Boolean(),
  /** the stored file's media path (send it back unchanged to keep the file) */
  resource: Type.String(),
  resource_url: Type.String(),
  /** the uploader's file name */
  file_name: Type.String(),
  /** lower case, without the dot ('' when the name has none) */
  extension: Type.String(),
  size: Type.Integer(),
  tags: Type.Array(Type.Integer()),
  areas: Type.Array(Type.Integer()),
  profiles: Type.Array(Type.Integer()),
  user_groups: Type.Array(Type.Integer()),
  /** learners who opened the preview (each counted once) */
  views: Type.Integer(),
  /** learners who downloaded it (each counted once) */
  downloads: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type LibraryFile = Static<typeof LibraryFile>;

/**
 * POST /admin_library/libraries/ and PUT …/{id}/ (JSON). `resource` is a finished tus upload of
 * kind LIBRARY_UPLOAD_KIND, or the stored media path to keep the file. An omitted field keeps its
 * stored value (its default on create); the shared rule (validateLibraryFile) decides what is required.
 */
export const LibraryFileInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 2000 })),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  introduction: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** empty: made from the title (shared librarySlug); 409 library_slug_not_unique when another file of the client has it */
  slug: Type.Optional(Type.String({ maxLength: 1000 })),
  category: Type.Optional(NullableInteger()),
  status: Type.Optional(Type.Integer()),
  allow_download: Type.Optional(Type.Boolean()),
  resource: Type.Optional(Type.String({ maxLength: 1000 })),
  tags: Type.Optional(Ids),
  areas: Type.Optional(Ids),
  profiles: Type.Optional(Ids),
  user_groups: Type.Optional(Ids),
});
export type LibraryFileInput = Static<typeof LibraryFileInput>;

/** The admin list query: both envelopes, plus DRF-style status / category / extension filters. */
export const LibraryFileListQuery = Type.Composite([ListQuery, Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  category: Type.Optional(Type.Integer({ minimum: 1 })),
  extension: Type.Optional(Type.String({ maxLength: 16 })),
})]);
export type LibraryFileListQuery = Static<typeof LibraryFileListQuery>;

const IdsOrAll = Type.String({ maxLength: 2000, pattern: '^(all|[0-9,]*)$' });

/**
 * spec 1 §2.2 library filters: search, selected_areas ('all' by default), selected_categories
 * ('all' by default), selected_groups, selected_tags, selected_extensions — ids and extensions
 * comma-separated; 'all' or nothing means no restriction.
 */
export const LibraryQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  selected_areas: Type.Optional(IdsOrAll),
  selected_categories: Type.Optional(IdsOrAll),
  selected_groups: Type.Optional(IdsOrAll),
  selected_tags: Type.Optional(IdsOrAll),
  selected_extensions: Type.Optional(Type.String({ maxLength: 500, pattern: '^(all|[a-z0-9,]*)$' })),
  page: Type.Optional(PageNumber),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type LibraryQuery = Static<typeof LibraryQuery>;

export const LibraryPreviewKindSchema = Type.Union([
  Type.Literal('pdf'), Type.Literal('image'), Type.Literal('video'), Type.Literal('audio'), Type.Literal('none'),
]);

/** A file as the learner sees it (list and detail). */
export const LearnerLibraryFile = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  category: Type.Union([NamedRef, Type.Null()]),
  tags: Type.Array(NamedRef),
  file_name: Type.String(),
  extension: Type.String(),
  size: Type.Integer(),
  /** how the portal shows it inline (libraryPreviewKind) */
  preview: LibraryPreviewKindSchema,
  /** the file itself, for the preview (PDF frame, image, video, audio) */
  preview_url: Type.String(),
  allow_download: Type.Boolean(),
  viewed: Type.Boolean(),
  downloaded: Type.Boolean(),
  created_at: Type.String(),
});
export type LearnerLibraryFile = Static<typeof LearnerLibraryFile>;

export const LearnerLibraryPage = Type.Object({ count: Type.Integer(), results: Type.Array(LearnerLibraryFile) });
export type LearnerLibraryPage = Static<typeof LearnerLibraryPage>;

/** The filter choices: what the learner's files use. */
export const LibraryFilterOptions = Type.Object({
  categories: Type.Array(NamedRef),
  tags: Type.Array(NamedRef),
  extensions: Type.Array(Type.String()),
});
export type LibraryFilterOptions = Static<typeof LibraryFilterOptions>;
