import { ADMIN_RESOURCES, REWARD_PATHS, RewardReportRequest } from '@lp/shared/contract';
import { SPENDING_KINDS } from '@lp/shared/rules';
import { defineReport } from './definition.ts';
import { CONTENT_BATCH } from './queries.ts';

/**
 * Reward campaign reports (issue 18 item 9; spec 3 §2 "Admin campaign screen" histories): the
 * sales with their products, each person's points (sums of the ledger) and the redeem orders of
 * one campaign of the selected client, built in the background and e-mailed like every report —
 * the frame escapes formula-like cells (an invoice number or a retailer typed as "=…" stays text).
 */
const S = 'resources.reward_reports';

export const rewardSalesReport = defineReport({
  key: 'reward_sales',
  path: REWARD_PATHS.salesReport,
  title: ADMIN_RESOURCES.reward_sales.title,
  permissions: [ADMIN_RESOURCES.reward_sales.title, 'reports'],
  body: RewardReportRequest,
  columns: [
    { field: 'sale_id', label: `${S}.sale_id`, width: 10 },
    { field: 'user', label: `${S}.user`, width: 32 },
    { field: 'email', label: `${S}.email`, width: 32 },
    { field: 'sale_date', label: `${S}.sale_date`, width: 14 },
    { field: 'invoice_number', label: `${S}.invoice_number`, width: 20 },
    { field: 'retailer', label: `${S}.retailer`, width: 28 },
    { field: 'status', label: `${S}.status`, width: 18 },
    { field: 'product', label: `${S}.product`, width: 32 },
    { field: 'quantity', label: `${S}.quantity`, width: 10 },
    { field: 'unit_points', label: `${S}.unit_points`, width: 12 },
    { field: 'points', label: `${S}.points`, width: 12 },
    { field: 'justification', label: `${S}.justification`, width: 40 },
    { field: 'registered_at', label: `${S}.registered_at`, width: 20, date: true },
  ] as const,
  async *rows(db, { clientId, params, t }) {
    let after = 0;
    for (;;) {
      let q = db.selectFrom('reward_sales as s').innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 'u.full_name', 'u.email', 's.sale_date', 's.invoice_number', 's.retailer', 's.status', 's.status_comment', 's.created_at'])
        .where('s.client_id', '=', clientId).where('s.campaign_id', '=', params.campaign_id).where('s.id', '>', after);
      if (params.status) q = q.where('s.status', '=', params.status as 'approved');
      const sales = await q.orderBy('s.id').limit(CONTENT_BATCH).execute();
      if (!sales.length) return;
      after = sales[sales.length - 1]!.id;
      const items = await db.selectFrom('reward_sale_items as i').innerJoin('reward_sale_products as p', 'p.id', 'i.product_id')
        .select(['i.sale_id', 'p.product', 'i.quantity', 'i.unit_points', 'i.points']).where('i.sale_id', 'in', sales.map((s) => s.id)).orderBy('i.id').execute();
      yield sales.flatMap((s) => items.filter((i) => i.sale_id === s.id).map((i) => ({
        sale_id: s.id, user: s.full_name, email: s.email, sale_date: s.sale_date, invoice_number: s.invoice_number, retailer: s.retailer,
        status: t(`resources.rewards/sales.statuses.${s.status}`), product: i.product, quantity: i.quantity, unit_points: i.unit_points, points: i.points,
        justification: s.status_comment, registered_at: new Date(s.created_at),
      })));
    }
  },
});

export const rewardPointsReport = defineReport({
  key: 'reward_points',
  path: REWARD_PATHS.pointsReport,
  title: ADMIN_RESOURCES.reward_campaigns.title,
  permissions: [ADMIN_RESOURCES.reward_campaigns.title, 'reports'],
  body: RewardReportRequest,
  columns: [
    { field: 'user', label: `${S}.user`, width: 32 },
    { field: 'email', label: `${S}.email`, width: 32 },
    { field: 'level', label: `${S}.level`, width: 18 },
    { field: 'blocked', label: `${S}.blocked`, width: 10 },
    { field: 'total_points', label: `${S}.total_points`, width: 14 },
    { field: 'points_for_use', label: `${S}.points_for_use`, width: 14 },
    { field: 'inscription_date', label: `${S}.inscription_date`, width: 20, date: true },
  ] as const,
  async *rows(db, { clientId, params, t }) {
    let after = 0;
    for (;;) {
      const people = await db.selectFrom('reward_campaign_users as cu').innerJoin('users as u', 'u.id', 'cu.user_id').leftJoin('reward_levels as l', 'l.id', 'cu.level_id')
        .select(['cu.id', 'cu.user_id', 'u.full_name', 'u.email', 'l.name as level', 'cu.blocked', 'cu.inscription_date'])
        .where('cu.client_id', '=', clientId).where('cu.campaign_id', '=', params.campaign_id).where('cu.id', '>', after)
        .orderBy('cu.id').limit(CONTENT_BATCH).execute();
      if (!people.length) return;
      after = people[people.length - 1]!.id;
      // the balances are the ledger's sums, never a stored figure
      const entries = await db.selectFrom('reward_points_entries').select(['user_id', 'kind', 'points'])
        .where('campaign_id', '=', params.campaign_id).where('user_id', 'in', people.map((p) => p.user_id)).execute();
      yield people.map((p) => {
        const mine = entries.filter((e) => e.user_id === p.user_id);
        return {
          user: p.full_name, email: p.email, level: p.level ?? '', blocked: t(p.blocked ? `${S}.yes` : `${S}.no`),
          total_points: mine.filter((e) => !SPENDING_KINDS.includes(e.kind)).reduce((s, e) => s + e.points, 0),
          points_for_use: mine.reduce((s, e) => s + e.points, 0), inscription_date: new Date(p.inscription_date),
        };
      });
    }
  },
});

export const rewardOrdersReport = defineReport({
  key: 'reward_orders',
  path: REWARD_PATHS.ordersReport,
  title: ADMIN_RESOURCES.reward_orders.title,
  permissions: [ADMIN_RESOURCES.reward_orders.title, 'reports'],
  body: RewardReportRequest,
  columns: [
    { field: 'order_number', label: `${S}.order_number`, width: 14 },
    { field: 'user', label: `${S}.user`, width: 32 },
    { field: 'reward', label: `${S}.reward`, width: 32 },
    { field: 'quantity', label: `${S}.quantity`, width: 10 },
    { field: 'points', label: `${S}.points`, width: 12 },
    { field: 'status', label: `${S}.status`, width: 16 },
    { field: 'status_comment', label: `${S}.status_comment`, width: 40 },
    { field: 'requester', label: `${S}.requester`, width: 32 },
    { field: 'phone', label: `${S}.phone`, width: 20 },
    { field: 'address', label: `${S}.address`, width: 60 },
    { field: 'registered_at', label: `${S}.registered_at`, width: 20, date: true },
  ] as const,
  async *rows(db, { clientId, params, t }) {
    let after = 0;
    for (;;) {
      let q = db.selectFrom('reward_orders as o').innerJoin('users as u', 'u.id', 'o.user_id').innerJoin('reward_rewards as r', 'r.id', 'o.reward_id')
        .select(['o.id', 'o.order_number', 'u.full_name', 'r.reward_title', 'o.quantity', 'o.points', 'o.status', 'o.status_comment', 'o.requester', 'o.created_at'])
        .where('o.client_id', '=', clientId).where('o.campaign_id', '=', params.campaign_id).where('o.id', '>', after);
      if (params.status) q = q.where('o.status', '=', params.status as 'pending');
      const orders = await q.orderBy('o.id').limit(CONTENT_BATCH).execute();
      if (!orders.length) return;
      after = orders[orders.length - 1]!.id;
      yield orders.map((o) => {
        const a = o.requester.address;
        return {
          order_number: o.order_number, user: o.full_name, reward: o.reward_title, quantity: o.quantity, points: o.points,
          status: t(`resources.rewards/orders.statuses.${o.status}`), status_comment: o.status_comment, requester: o.requester.name,
          phone: `+${o.requester.phone.country_code} (${o.requester.phone.area_code}) ${o.requester.phone.number}`,
          address: [a.street, a.number, a.complement, a.district, a.city, a.state, a.zip_code, a.country].filter(Boolean).join(', '),
          registered_at: new Date(o.created_at),
        };
      });
    }
  },
});
