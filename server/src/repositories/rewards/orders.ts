/**
 * Redemptions and redeem orders (spec 3 §3 "Redeem order", §4 "Redeem order"; issue: "stock and
 * balance checked atomically"). A redemption runs in one transaction that first locks the
 * person's row (Postgres `for update`; SQLite has one writer), so the balance summed from the
 * ledger stays true until the debit is written; the stock is taken by one conditional update
 * (`qty_in_stock >= quantity`) and the codes by `skip locked` claims, so two redemptions of the
 * last item, the last code or the last points cannot both pass.
 */
import { randomBytes } from 'node:crypto';
import { orderRefunds, orderShowsCode, type OrderStatus } from '@lp/shared/rules';
import type { ErrorCode, RedeemOrder, Requester } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { RewardOrderRow, RewardRow } from '../../db/tables/reward.table.ts';
import { addEntry, balanceOf } from './ledger.ts';

/** Thrown inside the transaction: nothing of the redemption is kept. */
export class RedeemRefused extends Error {
  constructor(readonly code: ErrorCode, readonly status = 409) {
    super(code);
    this.name = 'RedeemRefused';
  }
}

export interface RedeemRequest {
  clientId: number;
  campaignId: number;
  userId: number;
  reward: RewardRow;
  quantity: number;
  requester: Requester;
}

async function lockPerson(trx: Db, campaignId: number, userId: number): Promise<void> {
  let q = trx.selectFrom('reward_campaign_users').select('id').where('campaign_id', '=', campaignId).where('user_id', '=', userId);
  if (dialectOf(trx) === 'postgres') q = q.forUpdate();
  await q.executeTakeFirst();
}

async function takeCodes(trx: Db, rewardId: number, orderId: number, quantity: number, now: Date): Promise<string[]> {
  let free = trx.selectFrom('reward_redeem_codes').select(['id', 'code']).where('reward_id', '=', rewardId).where('handed_out_at', 'is', null)
    .orderBy('id').limit(quantity);
  if (dialectOf(trx) === 'postgres') free = free.forUpdate().skipLocked();
  const rows = await free.execute();
  if (rows.length < quantity) throw new RedeemRefused('no_redeem_code_available');
  const res = await trx.updateTable('reward_redeem_codes').set({ order_id: orderId, handed_out_at: now })
    .where('id', 'in', rows.map((r) => r.id)).where('handed_out_at', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== quantity) throw new RedeemRefused('no_redeem_code_available');
  return rows.map((r) => r.code);
}

/** The redemption, all or nothing (throws RedeemRefused); answers the new order's id. Run inside a transaction. */
export async function redeem(trx: Db, r: RedeemRequest): Promise<number> {
  await lockPerson(trx, r.campaignId, r.userId);
  const cost = r.reward.points_to_aquire * r.quantity;
  if (r.reward.purchase_limit_quantity !== null) {
    const taken = await trx.selectFrom('reward_orders').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
      .where('campaign_id', '=', r.campaignId).where('user_id', '=', r.userId).where('reward_id', '=', r.reward.id).where('status', '!=', 'reproved')
      .executeTakeFirstOrThrow();
    if (Number(taken.n) + r.quantity > r.reward.purchase_limit_quantity) throw new RedeemRefused('purchase_limit_reached');
  }
  const balance = await balanceOf(trx, r.campaignId, r.userId);
  if (balance.points_for_use < cost) throw new RedeemRefused('not_enough_points');
  const stock = await trx.updateTable('reward_rewards').set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', r.quantity) }))
    .where('id', '=', r.reward.id).where('qty_in_stock', '>=', r.quantity).executeTakeFirst();
  if (Number(stock.numUpdatedRows) !== 1) throw new RedeemRefused('reward_out_of_stock');
  const now = new Date();
  const { id } = await trx.insertInto('reward_orders').values({
    client_id: r.clientId, order_number: randomBytes(5).toString('hex').toUpperCase(), campaign_id: r.campaignId, user_id: r.userId, reward_id: r.reward.id,
    quantity: r.quantity, points: cost, requester: JSON.stringify(r.requester), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (r.reward.uses_redeem_codes) await takeCodes(trx, r.reward.id, id, r.quantity, now);
  await trx.insertInto('reward_order_history').values({ order_id: id, previous_status: null, status: 'pending', status_comment: '', responsible_id: r.userId, created_at: now }).execute();
  await addEntry(trx, {
    clientId: r.clientId, campaignId: r.campaignId, userId: r.userId, kind: 'redemption', points: -cost, sourceId: id,
    reason: `${r.reward.reward_title} × ${r.quantity}`, createdBy: r.userId,
  });
  return id;
}

export async function findOrder(db: Db, clientId: number, id: number): Promise<RewardOrderRow | undefined> {
  return db.selectFrom('reward_orders').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/**
 * Moves the order if it is still in the status read, with its comment in the history. A
 * reproved order gives its points back (once: the ledger key) and its stock; its codes stay
 * handed out (a code is handed out once).
 */
export async function moveOrder(db: Db, order: RewardOrderRow, to: OrderStatus, comment: string, responsibleId: number): Promise<boolean> {
  const now = new Date();
  const res = await db.updateTable('reward_orders').set({
    status: to, status_comment: comment, updated_at: now, ...(to === 'approved' ? { redeem_date: now } : {}),
  }).where('id', '=', order.id).where('status', '=', order.status).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db.insertInto('reward_order_history').values({ order_id: order.id, previous_status: order.status, status: to, status_comment: comment, responsible_id: responsibleId, created_at: now }).execute();
  if (orderRefunds(to)) {
    await addEntry(db, {
      clientId: order.client_id, campaignId: order.campaign_id, userId: order.user_id, kind: 'redemption_refund', points: order.points, sourceId: order.id,
      reason: comment, createdBy: responsibleId,
    });
    await db.updateTable('reward_rewards').set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', order.quantity) })).where('id', '=', order.reward_id).execute();
  }
  return true;
}

export const ordersQuery = (db: Db, clientId: number) =>
  db.selectFrom('reward_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('reward_rewards as r', 'r.id', 'o.reward_id')
    .select([
      'o.id', 'o.order_number', 'o.campaign_id', 'o.reward_id', 'r.reward_title', 'r.redemption_link', 'r.redeem_instructions', 'o.user_id', 'u.full_name as user_name',
      'o.quantity', 'o.points', 'o.status', 'o.status_comment', 'o.requester', 'o.created_at', 'o.redeem_date',
    ])
    .where('o.client_id', '=', clientId);
type OrderListRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['execute']>>[number];

/** The orders with their history and codes; `learner`: a code shows once the order is approved. */
export async function toOrders(db: Db, rows: readonly OrderListRow[], learner: boolean): Promise<RedeemOrder[]> {
  const ids = rows.map((r) => r.id);
  const [history, codes] = ids.length
    ? await Promise.all([
      db.selectFrom('reward_order_history as h').leftJoin('users as u', 'u.id', 'h.responsible_id')
        .select(['h.id', 'h.order_id', 'h.previous_status', 'h.status', 'h.status_comment', 'u.full_name as responsible', 'h.created_at'])
        .where('h.order_id', 'in', ids).orderBy('h.id').execute(),
      db.selectFrom('reward_redeem_codes').select(['order_id', 'code']).where('order_id', 'in', ids).orderBy('id').execute(),
    ])
    : [[], []];
  return rows.map((r) => {
    const mine = codes.filter((c) => c.order_id === r.id).map((c) => c.code);
    const showCode = mine.length > 0 && (!learner || orderShowsCode(r.status));
    return {
      id: r.id, order_number: r.order_number, campaign_id: r.campaign_id, reward_id: r.reward_id, reward_title: r.reward_title,
      user: { id: r.user_id, name: r.user_name }, quantity: r.quantity, points: r.points, status: r.status, status_comment: r.status_comment,
      requester: r.requester, redeem_code: showCode ? mine.join(', ') : null,
      redemption_link: r.redemption_link, redeem_instructions: learner && !orderShowsCode(r.status) ? '' : r.redeem_instructions,
      registration_date: r.created_at, redeem_date: r.redeem_date,
      history: history.filter((h) => h.order_id === r.id).map(({ order_id: _o, ...h }) => ({ ...h, responsible: h.responsible ?? null })),
    };
  });
}
