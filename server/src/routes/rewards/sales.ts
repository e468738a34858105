import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoContent, REWARD_PATHS, Sale, SaleAuditBody, SaleListQuery } from '@lp/shared/contract';
import { reprovalJustified, saleTransitionAllowed } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { auditSale, deleteSale, findSale, justificationText, salesQuery, toSales } from '../../repositories/rewards/sales.ts';
import { ACCESS } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['s.invoice_number', 'u.full_name', 's.retailer'],
  sortable: { id: 's.id', sale_date: 's.sale_date', created_at: 's.created_at', status: 's.status', sale_total_points: 's.sale_total_points' },
  defaultOrdering: '-id',
  filters: { campaign_id: 's.campaign_id', status: 's.status', user_id: 's.user_id', audited: 's.audited' },
};
const saleNotFound = () => new HttpError(404, 'sale_not_found', 'Sale not found');

/**
 * spec 3 §2 "Sales and photos are audited", §3 "Sale", §4 "Sale" (auditor and processor, spec 3
 * §6 roles): the sales awaiting approval and their audit — approved, or reproved with a
 * justification (a credited sale's points reversed in the ledger with the reason) — and deletion.
 */
const sales: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;
  const answer = async (request: Parameters<typeof clientOf>[0], id: number): Promise<Sale> => {
    const rows = await salesQuery(app.db, clientOf(request)).where('s.id', '=', id).execute();
    const [sale] = await toSales(app.db, app.mediaUrls(request), rows);
    if (!sale) throw saleNotFound();
    return sale;
  };

  app.get(P.sales, { config: { access: ACCESS.sales }, schema: { querystring: SaleListQuery, response: listResponse(Sale) } }, async (request, reply) => {
    const { campaign_id: campaignId, status, user_id: userId, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    let qb = salesQuery(app.db, clientOf(request));
    if (campaignId) qb = qb.where('s.campaign_id', '=', campaignId);
    if (status) qb = qb.where('s.status', '=', status);
    if (userId) qb = qb.where('s.user_id', '=', userId);
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'rewards/sales', list, await toSales(app.db, app.mediaUrls(request), rows), total);
  });

  app.get(P.sale(':id'), { config: { access: ACCESS.sales }, schema: { params: IdParams, response: { 200: Sale } } }, async (request) => answer(request, request.params.id));

  app.post(P.audit(':id'), { config: { access: ACCESS.sales }, schema: { params: IdParams, body: SaleAuditBody, response: { 200: Sale } } }, async (request) => {
    const clientId = clientOf(request);
    const body = request.body;
    // spec 3 §4 "Reproving needs a justification."
    if (body.status === 'reproved' && !reprovalJustified(body)) {
      throw new HttpError(400, 'reproval_justification_required', 'A justification is required to reprove', { justification: 'reproval_justification_required' });
    }
    const chosen = body.justification_id ? await justificationText(app.db, clientId, body.justification_id) : undefined;
    if (body.justification_id && chosen === undefined) throw new HttpError(400, 'validation_error', 'Unknown justification', { justification_id: 'validation_error' });
    const written = (body.justification ?? '').trim();
    const reason = [chosen, written].filter(Boolean).join(' — ');
    await app.db.transaction().execute(async (trx) => {
      const sale = await findSale(trx, clientId, request.params.id);
      if (!sale) throw saleNotFound();
      if (!saleTransitionAllowed(sale.status, body.status)) throw new HttpError(409, 'sale_transition_not_allowed', `A ${sale.status} sale cannot become ${body.status}`);
      const moved = await auditSale(trx, sale, {
        to: body.status, justificationId: body.justification_id ?? null, justification: written, observation: (body.observation ?? '').trim(), auditorId: authOf(request).user.id,
      }, reason);
      if (!moved) throw new HttpError(409, 'sale_transition_not_allowed', 'The sale changed meanwhile');
    });
    return answer(request, request.params.id);
  });

  // spec 3 §4 "A sale can be deleted; this is irreversible" (the admin confirms first)
  app.delete(P.sale(':id'), { config: { access: ACCESS.sales }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    const sale = await findSale(app.db, clientOf(request), request.params.id);
    if (!sale) throw saleNotFound();
    await app.db.transaction().execute((trx) => deleteSale(trx, sale));
    return reply.status(204).send();
  });
};
export default sales;
