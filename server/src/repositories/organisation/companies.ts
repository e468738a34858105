/**
 * Headquarters and branches of the selected client (spec 1 §3.5, §3.6): every read and write is
 * scoped to the client; removing one unlinks what pointed at it first.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BranchTable, HeadquarterTable } from '../../db/tables/company.table.ts';

/** Whether another row of the client already holds `value` in a unique column. */
export async function companyKeyTaken(
  db: Db, table: 'headquarters' | 'branches', clientId: number, column: 'code' | 'company_document', value: string, exceptId: number | null,
): Promise<boolean> {
  let q = db.selectFrom(table).select('id').where('client_id', '=', clientId).where(column, '=', value);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function countryExists(db: Db, countryId: number): Promise<boolean> {
  return (await db.selectFrom('countries').select('id').where('id', '=', countryId).executeTakeFirst()) !== undefined;
}

/** The tables a branch refers to, each holding rows of one client. */
export type BranchReferenceTable = 'branch_types' | 'branch_size_types' | 'headquarters' | 'regionals';

export async function clientRowExists(db: Db, table: BranchReferenceTable, clientId: number, id: number): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

export const headquartersQuery = (db: Db, clientId: number) => db.selectFrom('headquarters').selectAll().where('client_id', '=', clientId);

export async function insertHeadquarter(db: Db, values: Insertable<HeadquarterTable>): Promise<number> {
  return (await db.insertInto('headquarters').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the headquarter is not the client's. */
export async function updateHeadquarter(db: Db, clientId: number, id: number, values: Updateable<HeadquarterTable>): Promise<boolean> {
  const res = await db.updateTable('headquarters').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Its branches lose their headquarter; false when the headquarter is not the client's. */
export async function deleteHeadquarter(db: Db, clientId: number, id: number): Promise<boolean> {
  await db.updateTable('branches').set({ headquarter_id: null }).where('client_id', '=', clientId).where('headquarter_id', '=', id).execute();
  const res = await db.deleteFrom('headquarters').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export const branchesQuery = (db: Db, clientId: number) => db.selectFrom('branches').selectAll().where('client_id', '=', clientId);

export async function insertBranch(db: Db, values: Insertable<BranchTable>): Promise<number> {
  return (await db.insertInto('branches').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the branch is not the client's. */
export async function updateBranch(db: Db, clientId: number, id: number, values: Updateable<BranchTable>): Promise<boolean> {
  const res = await db.updateTable('branches').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Its users lose their branch; false when the branch is not the client's. */
export async function deleteBranch(db: Db, clientId: number, id: number): Promise<boolean> {
  await db.updateTable('users').set({ branch_id: null }).where('branch_id', '=', id).execute();
  const res = await db.deleteFrom('branches').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
