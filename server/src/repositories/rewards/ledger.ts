/**
 * The points ledger of a campaign (spec 3 §3 "User on campaign: points_from, points_to,
 * total_points, points_for_use", "Points history"; issue "every balance derivable from the
 * ledger"): entries are only ever added (a reproved sale writes a reversal, a reproved order a
 * refund), and every balance is a sum over them — nothing stored can drift from it.
 */
import { sql } from 'kysely';
import { SPENDING_KINDS, runningBalances, type PointsEntryKind } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';

export interface LedgerEntry {
  clientId: number;
  campaignId: number;
  userId: number;
  kind: PointsEntryKind;
  points: number;
  /** the sale, order or event it comes from: with the kind, counted once */
  sourceId: number | null;
  reason?: string;
  createdBy?: number | null;
}

/** Adds the entry once per (kind, source); answers whether it was added. */
export async function addEntry(db: Db, e: LedgerEntry): Promise<boolean> {
  if (e.sourceId !== null) {
    const existing = await db.selectFrom('reward_points_entries').select('id')
      .where('campaign_id', '=', e.campaignId).where('user_id', '=', e.userId).where('kind', '=', e.kind).where('source_id', '=', e.sourceId)
      .executeTakeFirst();
    if (existing) return false;
  }
  try {
    await db.insertInto('reward_points_entries').values({
      client_id: e.clientId, campaign_id: e.campaignId, user_id: e.userId, kind: e.kind, points: Math.round(e.points),
      source_id: e.sourceId, reason: e.reason ?? '', created_by: e.createdBy ?? null, created_at: new Date(),
    }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The credit a source left, if any (the sale's points, to reverse exactly that). */
export async function creditOf(db: Db, campaignId: number, userId: number, kind: PointsEntryKind, sourceId: number): Promise<number | null> {
  const row = await db.selectFrom('reward_points_entries').select('points')
    .where('campaign_id', '=', campaignId).where('user_id', '=', userId).where('kind', '=', kind).where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row ? row.points : null;
}

export interface Balances { total_points: number; points_for_use: number }

const spending = sql.join(SPENDING_KINDS.map((k) => sql.lit(k)));

/** The two balances of each user of the campaign, as sums of the ledger (users without entries: absent). */
export async function balancesOf(db: Db, campaignId: number, userIds?: readonly number[]): Promise<Map<number, Balances>> {
  if (userIds && userIds.length === 0) return new Map();
  let q = db.selectFrom('reward_points_entries')
    .select((eb) => [
      'user_id',
      eb.fn.sum<number | string>('points').as('for_use'),
      sql<number | string>`coalesce(sum(case when kind in (${spending}) then 0 else points end), 0)`.as('total'),
    ])
    .where('campaign_id', '=', campaignId)
    .groupBy('user_id');
  if (userIds) q = q.where('user_id', 'in', userIds);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.user_id, { total_points: Number(r.total), points_for_use: Number(r.for_use) }]));
}

export async function balanceOf(db: Db, campaignId: number, userId: number): Promise<Balances> {
  return (await balancesOf(db, campaignId, [userId])).get(userId) ?? { total_points: 0, points_for_use: 0 };
}

/** The user's statement in the campaign, oldest first, each entry with the balance before and after it. */
export async function statement(db: Db, clientId: number, campaignId: number, userId: number) {
  const rows = await db.selectFrom('reward_points_entries')
    .select(['id', 'kind', 'points', 'reason', 'source_id', 'created_at'])
    .where('client_id', '=', clientId).where('campaign_id', '=', campaignId).where('user_id', '=', userId)
    .orderBy('id').execute();
  return runningBalances(rows);
}

/** spec 3 §4 "Removal deletes all of the user's sales and points". */
export async function deleteEntries(db: Db, campaignId: number, userId: number): Promise<void> {
  await db.deleteFrom('reward_points_entries').where('campaign_id', '=', campaignId).where('user_id', '=', userId).execute();
}
