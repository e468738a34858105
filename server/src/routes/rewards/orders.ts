import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrderListQuery, OrderStatusBody, REWARD_PATHS, RedeemOrder } from '@lp/shared/contract';
import { orderTransitionAllowed } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findOrder, moveOrder, ordersQuery, toOrders } from '../../repositories/rewards/orders.ts';
import { ACCESS } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['o.order_number', 'u.full_name', 'r.reward_title'],
  sortable: { id: 'o.id', order_number: 'o.order_number', registration_date: 'o.created_at', status: 'o.status' },
  defaultOrdering: '-id',
  filters: { campaign_id: 'o.campaign_id', status: 'o.status', reward_id: 'o.reward_id', user_id: 'o.user_id' },
};
const orderNotFound = () => new HttpError(404, 'order_not_found', 'Order not found');

/**
 * spec 3 §2 "redeem orders, with request details, requester data and address, and a status
 * timeline"; §4 "Redeem order"; spec 1 §6.2 reward_orders "approve or reprove redemptions".
 */
const orders: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;
  const answer = async (clientId: number, id: number): Promise<RedeemOrder> => {
    const [order] = await toOrders(app.db, await ordersQuery(app.db, clientId).where('o.id', '=', id).execute(), false);
    if (!order) throw orderNotFound();
    return order;
  };

  app.get(P.orders, { config: { access: ACCESS.orders }, schema: { querystring: OrderListQuery, response: listResponse(RedeemOrder) } }, async (request, reply) => {
    const { campaign_id: campaignId, status, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    let qb = ordersQuery(app.db, clientOf(request));
    if (campaignId) qb = qb.where('o.campaign_id', '=', campaignId);
    if (status) qb = qb.where('o.status', '=', status);
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'rewards/orders', list, await toOrders(app.db, rows, false), total);
  });

  app.get(P.order(':id'), { config: { access: ACCESS.orders }, schema: { params: IdParams, response: { 200: RedeemOrder } } }, async (request) => answer(clientOf(request), request.params.id));

  // "Each change carries a status comment and is kept in the status history."
  app.post(P.orderStatus(':id'), { config: { access: ACCESS.orders }, schema: { params: IdParams, body: OrderStatusBody, response: { 200: RedeemOrder } } }, async (request) => {
    const clientId = clientOf(request);
    const { status, status_comment: comment = '' } = request.body;
    await app.db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, clientId, request.params.id);
      if (!order) throw orderNotFound();
      if (!orderTransitionAllowed(order.status, status)) throw new HttpError(409, 'order_transition_not_allowed', `A ${order.status} order cannot become ${status}`);
      if (!(await moveOrder(trx, order, status, comment.trim(), authOf(request).user.id))) throw new HttpError(409, 'order_transition_not_allowed', 'The order changed meanwhile');
    });
    return answer(clientId, request.params.id);
  });
};
export default orders;
