/**
 * Reward reference lists of the selected client (spec 3 §3 "Other reward reference lists",
 * spec 1 §3.8): categories, departments, brands, sale product types, upload (photo) file types,
 * levels and reward types (a name each), sale products, and the two audit justification lists.
 * Every query is scoped to the client.
 */
import type { JustificationKind } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/dialect.ts';

export type RewardNamedTableName =
  | 'reward_categories' | 'reward_departments' | 'reward_brands' | 'reward_sale_product_types' | 'reward_upload_file_types' | 'reward_levels' | 'reward_types';

export const namedQuery = (table: RewardNamedTableName) => (db: Db, clientId: number) =>
  db.selectFrom(table).select(['id', 'name']).where('client_id', '=', clientId);

export async function insertNamed(db: Db, table: RewardNamedTableName, clientId: number, name: string): Promise<number> {
  return (await db.insertInto(table).values({ client_id: clientId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function renameNamed(db: Db, table: RewardNamedTableName, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable(table).set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deletes the row; 'in_use' when a product, campaign level or sale still points at it. */
export async function deleteNamed(db: Db, table: RewardNamedTableName, clientId: number, id: number): Promise<boolean | 'in_use'> {
  return guardedDelete(() => db.deleteFrom(table).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst());
}

async function guardedDelete(run: () => Promise<{ numDeletedRows: bigint }>): Promise<boolean | 'in_use'> {
  try {
    return Number((await run()).numDeletedRows) === 1;
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in_use';
    throw error;
  }
}

/** Whether `id` (when given) is a row of the client in `table`. */
export async function isClientRow(
  db: Db, table: RewardNamedTableName | 'reward_sale_products' | 'reward_audit_justifications' | 'reward_campaigns' | 'branches' | 'profiles',
  clientId: number, id: number | null | undefined,
): Promise<boolean> {
  if (id === null || id === undefined) return true;
  return !!(await db.selectFrom(table).select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst());
}

/** The ids among `ids` that are not the client's rows of `table`. */
export async function foreignIds(
  db: Db, table: RewardNamedTableName | 'reward_sale_products' | 'branches', clientId: number, ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = new Set((await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute()).map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}

// ---- sale products ----

export const saleProductsQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_sale_products').select(['id', 'product', 'product_code', 'sku', 'brand_id', 'product_type_id']).where('client_id', '=', clientId);

export interface SaleProductValues { product: string; product_code: string; sku: string; brand_id: number | null; product_type_id: number | null }

export async function insertSaleProduct(db: Db, clientId: number, v: SaleProductValues): Promise<number> {
  return (await db.insertInto('reward_sale_products').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSaleProduct(db: Db, clientId: number, id: number, v: SaleProductValues): Promise<boolean> {
  const res = await db.updateTable('reward_sale_products').set(v).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSaleProduct(db: Db, clientId: number, id: number): Promise<boolean | 'in_use'> {
  return guardedDelete(() => db.deleteFrom('reward_sale_products').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst());
}

// ---- audit justifications ----

export const justificationsQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_audit_justifications').select(['id', 'kind', 'text']).where('client_id', '=', clientId);

export async function insertJustification(db: Db, clientId: number, v: { kind: JustificationKind; text: string }): Promise<number> {
  return (await db.insertInto('reward_audit_justifications').values({ client_id: clientId, ...v }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateJustification(db: Db, clientId: number, id: number, v: { kind: JustificationKind; text: string }): Promise<boolean> {
  const res = await db.updateTable('reward_audit_justifications').set(v).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteJustification(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('reward_audit_justifications').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
