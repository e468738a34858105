/**
 * The library (issue 7 item 3; spec 3 §3 "Library file"): categories, files with their tags
 * and audience, and who viewed / downloaded each file (once per learner). Every query is scoped
 * to the selected client; the learner side adds the audience rule and the active status.
 */
import { sql, type SqlBool } from 'kysely';
import {
  LIBRARY_FILE_STATUS, libraryPreviewKind, type LearnerLibraryFile, type LibraryCategory, type LibraryFile,
  type LibraryFilterOptions, type LibraryQuery,
} from '@lp/shared';
import type { Db } from '../db/database.ts';
import type { LibraryFileRow } from '../db/tables/library.table.ts';
import { mediaUrl } from '../lib/mediaStore.ts';
import { LIBRARY_AUDIENCE, inContentAudience } from './contentAudience.ts';
import type { AudienceMember } from './trailAudience.ts';

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

export interface FileLinks {
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

async function linksOf(db: Db, ids: number[]): Promise<Map<number, FileLinks>> {
  const out = new Map<number, FileLinks>(ids.map((id) => [id, { tags: [], areas: [], profiles: [], user_groups: [] }]));
  if (ids.length === 0) return out;
  const [tags, areas, profiles, groups] = await Promise.all([
    db.selectFrom('library_file_tags').select(['library_file_id as id', 'tag_id as v']).where('library_file_id', 'in', ids).orderBy('tag_id').execute(),
    db.selectFrom('library_file_areas').select(['library_file_id as id', 'area_id as v']).where('library_file_id', 'in', ids).orderBy('area_id').execute(),
    db.selectFrom('library_file_profiles').select(['library_file_id as id', 'profile_id as v']).where('library_file_id', 'in', ids).orderBy('profile_id').execute(),
    db.selectFrom('library_file_user_groups').select(['library_file_id as id', 'user_group_id as v']).where('library_file_id', 'in', ids).orderBy('user_group_id').execute(),
  ]);
  for (const [list, key] of [[tags, 'tags'], [areas, 'areas'], [profiles, 'profiles'], [groups, 'user_groups']] as const) {
    for (const r of list) out.get(r.id)?.[key].push(r.v);
  }
  return out;
}

export async function toFiles(db: Db, publicUrl: string, rows: FileJoin[]): Promise<LibraryFile[]> {
  const links = await linksOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category_id,
    category_name: r.category_name ?? null,
    status: r.status,
    allow_download: r.allow_download,
    resource: r.resource,
    resource_url: mediaUrl(publicUrl, r.resource),
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

/** Replaces the given link lists (an omitted list is kept). */
export async function setFileLinks(db: Db, fileId: number, links: Partial<FileLinks>): Promise<void> {
  const tables = {
    tags: ['library_file_tags', 'tag_id'], areas: ['library_file_areas', 'area_id'],
    profiles: ['library_file_profiles', 'profile_id'], user_groups: ['library_file_user_groups', 'user_group_id'],
  } as const;
  for (const [key, [table, column]] of Object.entries(tables) as Array<[keyof FileLinks, readonly [string, string]]>) {
    const ids = links[key];
    if (ids === undefined) continue;
    await db.deleteFrom(table as 'library_file_tags').where('library_file_id', '=', fileId).execute();
    const unique = [...new Set(ids)];
    if (unique.length) {
      await db.insertInto(table as 'library_file_tags')
        .values(unique.map((id) => ({ library_file_id: fileId, [column]: id })) as Array<{ library_file_id: number; tag_id: number }>)
        .execute();
    }
  }
}

/** The ids among `ids` that are not rows of the client in `table` (a link to another client's row is refused). */
export async function foreignIds(db: Db, table: 'tags' | 'areas' | 'profiles' | 'user_groups', clientId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', [...ids]).execute()).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

// ---- learner ----

/** Active files of the client whose audience holds the member (nothing for someone outside the client). */
export function visibleFiles(db: Db, clientId: number, member: AudienceMember | null) {
  return db.selectFrom('library_files')
    .where('library_files.client_id', '=', clientId)
    .where('library_files.status', '=', LIBRARY_FILE_STATUS.active)
    .where(inContentAudience(LIBRARY_AUDIENCE, member));
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
  if (areas.length) {
    q = q.where((eb) => eb.exists(eb.selectFrom('library_file_areas as fa').select('fa.area_id')
      .whereRef('fa.library_file_id', '=', 'library_files.id').where('fa.area_id', 'in', areas)));
  }
  const groups = idList(query.selected_groups);
  if (groups.length) {
    q = q.where((eb) => eb.exists(eb.selectFrom('library_file_user_groups as fg').select('fg.user_group_id')
      .whereRef('fg.library_file_id', '=', 'library_files.id').where('fg.user_group_id', 'in', groups)));
  }
  const tags = idList(query.selected_tags);
  if (tags.length) {
    q = q.where((eb) => eb.exists(eb.selectFrom('library_file_tags as ft').select('ft.tag_id')
      .whereRef('ft.library_file_id', '=', 'library_files.id').where('ft.tag_id', 'in', tags)));
  }
  return q;
}

export const LIBRARY_PAGE_SIZE = 20;

/** The learner's files of a request, newest first, as cards. */
export async function learnerFilePage(
  db: Db, clientId: number, member: AudienceMember | null, query: LibraryQuery, publicUrl: string,
): Promise<{ count: number; results: LearnerLibraryFile[] }> {
  const pageSize = query.page_size ?? LIBRARY_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filteredFiles(db, clientId, member, query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('library_files').orderBy('library_files.created_at', 'desc').orderBy('library_files.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { count: Number(total.n), results: await learnerFiles(db, member?.userId ?? 0, rows, publicUrl) };
}

/** A file the learner may open, or undefined (unknown, inactive, another client's, outside the audience). */
export async function findLearnerFile(db: Db, clientId: number, member: AudienceMember | null, id: number): Promise<LibraryFileRow | undefined> {
  return visibleFiles(db, clientId, member).selectAll('library_files').where('library_files.id', '=', id).executeTakeFirst();
}

export async function learnerFiles(db: Db, userId: number, rows: readonly LibraryFileRow[], publicUrl: string): Promise<LearnerLibraryFile[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const categoryIds = [...new Set(rows.map((r) => r.category_id).filter((id): id is number => id !== null))];
  const [tags, categories, mine] = await Promise.all([
    db.selectFrom('library_file_tags as ft').innerJoin('tags', 'tags.id', 'ft.tag_id')
      .select(['ft.library_file_id', 'tags.id', 'tags.name']).where('ft.library_file_id', 'in', ids).orderBy('tags.name').execute(),
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
      tags: tags.filter((t) => t.library_file_id === r.id).map((t) => ({ id: t.id, name: t.name })),
      file_name: r.file_name,
      extension: r.extension,
      size: Number(r.size),
      preview: libraryPreviewKind(r.extension),
      preview_url: mediaUrl(publicUrl, r.resource),
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
    db.selectFrom('tags').select(['tags.id', 'tags.name'])
      .where('tags.client_id', '=', clientId)
      .where('tags.id', 'in', db.selectFrom('library_file_tags').select('tag_id').where('library_file_id', 'in', files))
      .orderBy('tags.name').execute(),
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
