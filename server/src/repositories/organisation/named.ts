/**
 * Named rows: branch types, size types and regionals of the selected client (spec 1 §3.6, §3.8),
 * and the countries every client shares. Removing one unlinks what pointed at it first.
 */
import type { Db } from '../../db/database.ts';

export type NamedTable = 'regionals' | 'branch_types' | 'branch_size_types';
/** The branch column that points at each named table. */
export type BranchNamedColumn = 'regional_id' | 'branch_type_id' | 'size_type_id';

export const namedItemsQuery = (db: Db, table: NamedTable, clientId: number) =>
  db.selectFrom(table).select(['id', 'name', 'created_at']).where('client_id', '=', clientId);

export async function insertNamedItem(db: Db, table: NamedTable, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto(table).values({ client_id: clientId, name, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the row is not the client's. */
export async function renameNamedItem(db: Db, table: NamedTable, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable(table).set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The client's branches pointing at it lose the link; false when the row is not the client's. */
export async function deleteNamedItem(db: Db, table: NamedTable, branchColumn: BranchNamedColumn, clientId: number, id: number): Promise<boolean> {
  await db.updateTable('branches').set({ [branchColumn]: null }).where('client_id', '=', clientId).where(branchColumn, '=', id).execute();
  const res = await db.deleteFrom(table).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export const countriesQuery = (db: Db) => db.selectFrom('countries').select(['id', 'name', 'code', 'created_at', 'use_document_mask']);

export async function insertCountry(db: Db, values: { name: string; code: string; use_document_mask?: boolean }): Promise<number> {
  const row = await db.insertInto('countries').values({ ...values, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCountry(db: Db, id: number, values: { name: string; code: string; use_document_mask?: boolean }): Promise<boolean> {
  const res = await db.updateTable('countries').set(values).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Users of that country lose it (countries are shared by every client). */
export async function deleteCountry(db: Db, id: number): Promise<boolean> {
  await db.updateTable('users').set({ country_id: null }).where('country_id', '=', id).execute();
  const res = await db.deleteFrom('countries').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
