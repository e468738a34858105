/**
 * Sales of a campaign (spec 3 §3 "Sale", §4 "Sale", §5 "Campaigns"): registered by the learner
 * with the invoice and one entry per product, credited on registration from the points table,
 * audited (approved, or reproved with a justification — a reproved sale's credit is reversed in
 * the ledger with the reason), deleted irreversibly.
 */
import { salePoints, type SaleStatus } from '@lp/shared/rules';
import type { Sale } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { MediaUrls } from '../../plugins/app/mediaLinks.ts';
import type { RewardSaleRow } from '../../db/tables/reward.table.ts';
import { pointsTableOf } from './campaigns.ts';
import { addEntry, creditOf } from './ledger.ts';

export const salesQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_sales as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as a', 'a.id', 's.auditor_id')
    .leftJoin('branches as b', 'b.id', 's.branch_id')
    .select([
      's.id', 's.campaign_id', 's.user_id', 'u.full_name as user_name', 's.sale_date', 's.invoice_number', 's.branch_id', 'b.name as branch_name', 's.retailer',
      's.status', 's.status_comment', 's.justification_id', 's.justification', 's.observation', 's.audited', 's.auditor_id', 'a.full_name as auditor_name',
      's.audited_at', 's.sale_total_points', 's.invoice_resource', 's.created_at',
    ])
    .where('s.client_id', '=', clientId);
type SaleListRow = Awaited<ReturnType<ReturnType<typeof salesQuery>['execute']>>[number];

export async function toSales(db: Db, urls: MediaUrls, rows: readonly SaleListRow[]): Promise<Sale[]> {
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.selectFrom('reward_sale_items as i').innerJoin('reward_sale_products as p', 'p.id', 'i.product_id')
      .select(['i.sale_id', 'i.product_id', 'p.product', 'p.product_code', 'p.sku', 'p.product_type_id', 'p.brand_id', 'i.quantity', 'i.unit_points', 'i.points'])
      .where('i.sale_id', 'in', ids).orderBy('i.id').execute()
    : [];
  return rows.map((r) => ({
    id: r.id, campaign_id: r.campaign_id, user: { id: r.user_id, name: r.user_name }, sale_date: r.sale_date, invoice_number: r.invoice_number,
    branch_id: r.branch_id, branch_name: r.branch_name ?? null, retailer: r.retailer, status: r.status, status_comment: r.status_comment,
    justification_id: r.justification_id, justification: r.justification, observation: r.observation, audited: r.audited,
    auditor: r.auditor_id !== null && r.auditor_name ? { id: r.auditor_id, name: r.auditor_name } : null, audited_at: r.audited_at,
    sale_total_points: r.sale_total_points, invoice_url: r.invoice_resource ? urls(r.invoice_resource) : null,
    items: items.filter((i) => i.sale_id === r.id).map(({ sale_id: _sale, ...i }) => i),
    created_at: r.created_at,
  }));
}

export async function findSale(db: Db, clientId: number, id: number): Promise<RewardSaleRow | undefined> {
  return db.selectFrom('reward_sales').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

export interface NewSale {
  clientId: number;
  campaignId: number;
  multiplicationBase: number;
  userId: number;
  sale_date: string;
  invoice_number: string;
  branch_id: number | null;
  retailer: string;
  products: ReadonlyArray<{ product_id: number; quantity: number }>;
  invoiceResource: string | null;
}

/** The client's products among the lines' (type and brand: the points table's targets). */
export async function productsFacts(db: Db, clientId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return db.selectFrom('reward_sale_products').select(['id', 'product_type_id', 'brand_id']).where('client_id', '=', clientId).where('id', 'in', [...new Set(ids)]).execute();
}

/**
 * Inserts the sale with its products and credits its points in the same transaction (spec 3 §4
 * "Points are credited on registration"). The unique key on (client, user, invoice_number)
 * refuses a second sending of one invoice even when two arrive at once (the caller maps it).
 */
export async function insertSale(db: Db, s: NewSale): Promise<{ id: number; points: number }> {
  const facts = new Map((await productsFacts(db, s.clientId, s.products.map((p) => p.product_id))).map((p) => [p.id, p]));
  const lines = s.products.map((p) => ({ product_id: p.product_id, quantity: p.quantity, product_type_id: facts.get(p.product_id)?.product_type_id ?? null, brand_id: facts.get(p.product_id)?.brand_id ?? null }));
  const computed = salePoints(lines, await pointsTableOf(db, s.campaignId), s.multiplicationBase);
  const now = new Date();
  const { id } = await db.insertInto('reward_sales').values({
    client_id: s.clientId, campaign_id: s.campaignId, user_id: s.userId, sale_date: s.sale_date, invoice_number: s.invoice_number.trim(),
    branch_id: s.branch_id, retailer: s.retailer, sale_total_points: computed.total, invoice_resource: s.invoiceResource, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('reward_sale_items').values(lines.map((l, i) => ({
    sale_id: id, product_id: l.product_id, quantity: l.quantity, unit_points: computed.lines[i]!.unit_points, points: computed.lines[i]!.points,
  }))).execute();
  if (computed.total !== 0) {
    await addEntry(db, {
      clientId: s.clientId, campaignId: s.campaignId, userId: s.userId, kind: 'sale', points: computed.total, sourceId: id,
      reason: `Invoice ${s.invoice_number.trim()}`, createdBy: s.userId,
    });
  }
  return { id, points: computed.total };
}

export interface AuditDecision {
  to: Extract<SaleStatus, 'approved' | 'reproved'>;
  justificationId: number | null;
  justification: string;
  observation: string;
  auditorId: number;
}

/**
 * Audits the sale if it is still in the status read (two auditors at once: one wins). Reproving
 * a credited sale writes the reversal of exactly what was credited, with the justification as
 * its reason (spec 3 §2 "audit history", issue: "reversal entry with the reason").
 */
export async function auditSale(db: Db, sale: RewardSaleRow, d: AuditDecision, reasonText: string): Promise<boolean> {
  const now = new Date();
  const res = await db.updateTable('reward_sales').set({
    status: d.to, justification_id: d.justificationId, justification: d.justification, observation: d.observation,
    status_comment: d.to === 'reproved' ? reasonText : '', audited: true, auditor_id: d.auditorId, audited_at: now, updated_at: now,
  }).where('id', '=', sale.id).where('status', '=', sale.status).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  if (d.to === 'reproved') {
    const credited = await creditOf(db, sale.campaign_id, sale.user_id, 'sale', sale.id);
    if (credited !== null && credited !== 0) {
      await addEntry(db, {
        clientId: sale.client_id, campaignId: sale.campaign_id, userId: sale.user_id, kind: 'sale_reversal', points: -credited, sourceId: sale.id,
        reason: reasonText, createdBy: d.auditorId,
      });
    }
  }
  return true;
}

/** The text of a chosen justification of the client (kind sale). */
export async function justificationText(db: Db, clientId: number, id: number): Promise<string | undefined> {
  return (await db.selectFrom('reward_audit_justifications').select('text').where('id', '=', id).where('client_id', '=', clientId).where('kind', '=', 'sale')
    .executeTakeFirst())?.text;
}

/**
 * spec 3 §4 "A sale can be deleted; this is irreversible": the sale goes, and so does what it
 * moved in the ledger (its credit and any reversal), so the balance is as if it never was.
 */
export async function deleteSale(db: Db, sale: RewardSaleRow): Promise<void> {
  await db.deleteFrom('reward_points_entries').where('campaign_id', '=', sale.campaign_id).where('user_id', '=', sale.user_id)
    .where('kind', 'in', ['sale', 'sale_reversal']).where('source_id', '=', sale.id).execute();
  await db.deleteFrom('reward_sales').where('id', '=', sale.id).execute();
}
