/**
 * The library (spec 3 §3 "Library file"): categories, files with their tags
 * and audience, and who viewed / downloaded each file (once per learner). Every query is scoped
 * to the selected client; the learner side adds the audience rule and the active status.
 */
import { sql, type SqlBool } from 'kysely';
import { LIBRARY_FILE_STATUS, libraryPreviewKind } from '@lp/shared/rules';
import type { LearnerLibraryFile, LibraryCategory, LibraryFile, LibraryFilterOptions, LibraryQuery } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { LibraryFileRow } from '../db/tables/library.table.ts';
import type { MediaUrls } from '../plugins/app/mediaLinks.ts';
import {
  inAudience, linkedTo, readAudiences, tagNames, tagsUsedBy, type Audience, type AudienceMember,
} from '../content/audience/index.ts';
import { audienceOrTrail } from './trailAudience.ts';

// ---- categories ----

export function categoryQuery(db: Db, clientId: number) {
  return db.selectFrom('library_categories')
    .select((eb) => [
      'library_categories.id', 'library_categories.name', 'library_categories.created_at',
      eb.selectFrom('library_files').select((f) => f.fn.countAll<number>().as('n'))
        .whereRef('library_files.category_id', '=', 'library_categories.id').as('qty_files'),
    ])
    .where('library_categories.client_id', '=', clientId);
}
type CategoryJoin = Awaited<ReturnType<ReturnType<typeof categoryQuery>['execute']>>[number];

export async function toCategories(_db: Db, rows: CategoryJoin[]): Promise<LibraryCategory[]> {
  return rows.map((r) => ({ id: r.id, name: r.name, qty_files: Number(r.qty_files ?? 0), created_at: r.created_at }));
}

/** Another category of the client already has this name, whatever its case. */
export async function categoryNameTaken(db: Db, clientId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('library_categories').select('id')
    .where('client_id', '=', clientId).where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function categoryOfClient(db: Db, clientId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('library_categories').select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

// ---- files (admin) ----

export function fileQuery(db: Db, clientId: number) {
  return db.selectFrom('library_files')
    .leftJoin('library_categories', 'library_categories.id', 'library_files.category_id')
    .selectAll('library_files')
    .select((eb) => [
      'library_categories.name as category_name',
      eb.selectFrom('library_file_users').select((u) => u.fn.countAll<number>().as('n'))
        .whereRef('library_file_users.library_file_id', '=', 'library_files.id').where('library_file_users.viewed_at', 'is not', null).as('views'),
      eb.selectFrom('library_file_users').select((u) => u.fn.countAll<number>().as('n'))
        .whereRef('library_file_users.library_file_id', '=', 'library_files.id').where('library_file_users.downloaded_at', 'is not', null).as('downloads'),
    ])
    .where('library_files.client_id', '=', clientId);
}
type FileJoin = Awaited<ReturnType<ReturnType<typeof fileQuery>['execute']>>[number];

/** A file's tags and audience, as the form reads and writes them. */
export type FileLinks = Audience<'library_file'>;

export async function toFiles(db: Db, urls: MediaUrls, rows: FileJoin[]): Promise<LibraryFile[]> {
  const links = await readAudiences(db, 'library_file', rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    introduction: r.introduction,
    slug: r.slug ?? '',
    category: r.category_id,
    category_name: r.category_name ?? null,
    status: r.status,
    allow_download: r.allow_download,
    resource: r.resource,
    resource_url: urls(r.resource),
    file_name: r.file_name,
    extension: r.extension,
    size: Number(r.size),
    ...links.get(r.id)!,
    views: Number(r.views ?? 0),
    downloads: Number(r.downloads ?? 0),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function findFile(db: Db, clientId: number, id: number): Promise<LibraryFileRow | undefined> {
  return db.selectFrom('library_files').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

// ---- learner ----

/**
 * Active files of the client whose audience holds the member (nothing for someone outside the
 * client) — or, for a file's own calls (`throughTrails`), held by a published trail of theirs
 * (spec 2 §2.4, trailAudience.ts).
 */
export function visibleFiles(db: Db, clientId: number, member: AudienceMember | null, throughTrails = false) {
  return db.selectFrom('library_files')
    .where('library_files.client_id', '=', clientId)
    .where('library_files.status', '=', LIBRARY_FILE_STATUS.active)
    .where(throughTrails ? audienceOrTrail('library_file', 'library_files.id', member) : inAudience('library_file', member));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** 'all', '' or nothing → no restriction; otherwise the ids listed. */
const idList = (text: string | undefined): number[] =>
  !text || text === 'all' ? [] : text.split(',').filter((s) => /^\d{1,9}$/.test(s)).map(Number);
const extensionList = (text: string | undefined): string[] =>
  !text || text === 'all' ? [] : text.split(',').map((s) => s.trim()).filter((s) => /^[a-z0-9]{1,16}$/.test(s));

/** spec 1 §2.2: search (title, description, file name), areas, categories, groups, tags, extensions. */
function filteredFiles(db: Db, clientId: number, member: AudienceMember | null, query: LibraryQuery) {
  let q = visibleFiles(db, clientId, member);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    q = q.where(sql<SqlBool>`(lower(${sql.ref('library_files.title')}) like ${pattern} escape '\\'
      or lower(${sql.ref('library_files.description')}) like ${pattern} escape '\\'
      or lower(${sql.ref('library_files.file_name')}) like ${pattern} escape '\\')`);
  }
  const categories = idList(query.selected_categories);
  if (categories.length) q = q.where('library_files.category_id', 'in', categories);
  const extensions = extensionList(query.selected_extensions);
  if (extensions.length) q = q.where('library_files.extension', 'in', extensions);
  const areas = idList(query.selected_areas);
  if (areas.length) q = q.where(linkedTo('library_file', 'areas', areas));
  const groups = idList(query.selected_groups);
  if (groups.length) q = q.where(linkedTo('library_file', 'user_groups', groups));
  const tags = idList(query.selected_tags);
  if (tags.length) q = q.where(linkedTo('library_file', 'tags', tags));
  return q;
}

export const LIBRARY_PAGE_SIZE = 20;

/** The learner's files of a request, newest first, as cards. */
export async function learnerFilePage(
  db: Db, clientId: number, member: AudienceMember | null, query: LibraryQuery, urls: MediaUrls,
): Promise<{ count: number; results: LearnerLibraryFile[] }> {
  const pageSize = query.page_size ?? LIBRARY_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filteredFiles(db, clientId, member, query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('library_files').orderBy('library_files.created_at', 'desc').orderBy('library_files.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { count: Number(total.n), results: await learnerFiles(db, member?.userId ?? 0, rows, urls) };
}

/** A file the learner may open, or undefined (unknown, inactive, another client's, outside the audience). */
export async function findLearnerFile(db: Db, clientId: number, member: AudienceMember | null, id: number): Promise<LibraryFileRow | undefined> {
  return visibleFiles(db, clientId, member, true).selectAll('library_files').where('library_files.id', '=', id).executeTakeFirst();
}

export async function learnerFiles(db: Db, userId: number, rows: readonly LibraryFileRow[], urls: MediaUrls): Promise<LearnerLibraryFile[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null))];
  const [tags, categories, mine] = await Promise.all([
    tagNames(db, 'library_file', ids),
    categoryIds.length
      ? db.selectFrom('library_categories').select(['id', 'name']).where('id', 'in', categoryIds).execute()
      : Promise.resolve([]),
    db.selectFrom('library_file_users').select(['library_file_id', 'viewed_at', 'downloaded_at'])
      .where('user_id', '=', userId).where('library_file_id', 'in', ids).execute(),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const mineById = new Map(mine.map((m) => [m.library_file_id, m]));
  return rows.map((r) => {
    const category = r.category_id === null ? undefined : categoryById.get(r.category_id);
    const own = mineById.get(r.id);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      category: category ? { id: category.id, name: category.name } : null,
      tags: tags.get(r.id) ?? [],
      file_name: r.file_name,
      extension: r.extension,
      size: Number(r.size),
      preview: libraryPreviewKind(r.extension),
      preview_url: urls(r.resource),
      allow_download: r.allow_download,
      viewed: own?.viewed_at != null,
      downloaded: own?.downloaded_at != null,
      created_at: r.created_at,
    };
  });
}

/** The categories, tags and extensions the learner's files use (the filter choices). */
export async function learnerFilterOptions(db: Db, clientId: number, member: AudienceMember | null): Promise<LibraryFilterOptions> {
  const files = visibleFiles(db, clientId, member).select('library_files.id');
  const [categories, tags, extensions] = await Promise.all([
    db.selectFrom('library_categories').select(['id', 'name'])
      .where('client_id', '=', clientId)
      .where('id', 'in', visibleFiles(db, clientId, member).select('library_files.category_id').where('library_files.category_id', 'is not', null).$narrowType<{ category_id: number }>())
      .orderBy('name').execute(),
    tagsUsedBy(db, 'library_file', clientId, files),
    visibleFiles(db, clientId, member).select('library_files.extension').distinct()
      .where('library_files.extension', '!=', '').orderBy('library_files.extension').execute(),
  ]);
  return { categories, tags, extensions: extensions.map((e) => e.extension) };
}

export type FileUse = 'viewed' | 'downloaded';

/** Records that the user viewed / downloaded the file; the first time only counts (the moment is kept). */
export async function recordFileUse(db: Db, fileId: number, userId: number, use: FileUse): Promise<void> {
  const now = new Date();
  const column = use === 'viewed' ? 'viewed_at' : 'downloaded_at';
  await db.insertInto('library_file_users')
    .values({ library_file_id: fileId, user_id: userId, viewed_at: use === 'viewed' ? now : null, downloaded_at: use === 'downloaded' ? now : null })
    .onConflict((oc) => oc.columns(['library_file_id', 'user_id'])
      .doUpdateSet({ [column]: sql`coalesce(${sql.ref(`library_file_users.${column}`)}, ${now})` }))
    .execute();
}

/** The client's file as the list shows it (none or one row). */
export async function fileRows(db: Db, clientId: number, id: number) {
  return fileQuery(db, clientId).where('library_files.id', '=', id).execute();
}

/** The client's files narrowed to a status, a category and an extension (any case), each when given; the list helper pages it. */
export function fileListQuery(db: Db, clientId: number, narrow: { status?: number; category?: number; extension?: string }) {
  let query = fileQuery(db, clientId);
  if (narrow.status !== undefined) query = query.where('library_files.status', '=', narrow.status);
  if (narrow.category !== undefined) query = query.where('library_files.category_id', '=', narrow.category);
  if (narrow.extension !== undefined) query = query.where('library_files.extension', '=', narrow.extension.toLowerCase());
  return query;
}

/** The client's category as the list shows it (none or one row). */
export async function categoryRows(db: Db, clientId: number, id: number) {
  return categoryQuery(db, clientId).where('library_categories.id', '=', id).execute();
}
