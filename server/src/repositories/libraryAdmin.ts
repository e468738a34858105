/**
 * The admin's writes to the library of the selected client (spec 3 §2 library): files and
 * categories. Reads and the learner side are in library.ts.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LibraryFileTable } from '../db/tables/library.table.ts';

export async function insertLibraryFile(db: Db, values: Insertable<LibraryFileTable>): Promise<number> {
  return (await db.insertInto('library_files').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the file is not the client's. */
export async function updateLibraryFile(db: Db, clientId: number, id: number, values: Updateable<LibraryFileTable>): Promise<boolean> {
  const res = await db.updateTable('library_files').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteLibraryFile(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('library_files').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function insertLibraryCategory(db: Db, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto('library_categories').values({ client_id: clientId, name, created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameLibraryCategory(db: Db, clientId: number, id: number, name: string): Promise<void> {
  await db.updateTable('library_categories').set({ name }).where('id', '=', id).where('client_id', '=', clientId).execute();
}

export async function deleteLibraryCategory(db: Db, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('library_categories').where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** Whether another file of the client already has the slug (spec 3 §3: one file per slug in a client). */
export async function librarySlugTaken(db: Db, clientId: number, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('library_files').select('id').where('client_id', '=', clientId).where('slug', '=', slug);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The first of `base`, `base-2`, `base-3`… no other file of the client has (a slug made from a
 * title that another file already gave).
 */
export async function freeLibrarySlug(db: Db, clientId: number, base: string, exceptId: number | null, maxLength: number): Promise<string> {
  let query = db.selectFrom('library_files').select('slug').where('client_id', '=', clientId)
    // '_' in a slug matches any character here: the extra rows only widen the set compared exactly below
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
