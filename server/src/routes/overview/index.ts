import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, Overview, OverviewQuery } from '@lp/shared/contract';
import { resolveOverviewPeriod, toApiDate } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { titleAccess } from '../../lib/access.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { overviewFigures } from '../../repositories/overview.ts';

/**
 * The overview dashboard (spec 1 §2.3 overview, title slug and module item `overview` §6.1–6.2):
 * the selected client's figures over a period of whole UTC days, by default the last 30.
 */
const overview: FastifyPluginAsyncTypebox = async (app) => {
  const { apiPath, title } = ADMIN_RESOURCES.overview;
  app.get(apiPath, {
    config: { access: titleAccess(title) },
    schema: { querystring: OverviewQuery, response: { 200: Overview } },
  }, async (request) => {
    const now = new Date();
    const period = resolveOverviewPeriod(request.query.from, request.query.to, toApiDate(now));
    if (typeof period === 'string') {
      throw new HttpError(400, period, 'from and to are days, from first, at most 366 days apart', { to: period });
    }
    return overviewFigures(app.db, clientOf(request), period, now);
  });
};
export default overview;
