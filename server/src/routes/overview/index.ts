import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, Overview, OverviewQuery, ReportsPanelQuery } from '@lp/shared/contract';
import { parsePanelFilters, resolveOverviewPeriod, toApiDate, type OverviewPeriod } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { titleAccess } from '../../lib/access.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { overviewFigures } from '../../repositories/overview.ts';

/** The asked period (by default the last 30 days), or the 400 of a broken or too long one. */
function periodOf(query: { from?: string; to?: string }, now: Date): OverviewPeriod {
  const period = resolveOverviewPeriod(query.from, query.to, toApiDate(now));
  if (typeof period === 'string') {
    throw new HttpError(400, period, 'from and to are days, from first, at most 366 days apart', { to: period });
  }
  return period;
}

/**
 * The overview dashboard (spec 1 §2.3 overview, title slug and module item `overview` §6.1–6.2):
 * the selected client's figures over a period of whole UTC days, by default the last 30. The BI
 * panel (module item `reports_panel`, §6.2) answers the same figures narrowed to the people of
 * the chosen areas, profiles, groups, branches and headquarters.
 */
const overview: FastifyPluginAsyncTypebox = async (app) => {
  const { apiPath, title } = ADMIN_RESOURCES.overview;
  app.get(apiPath, {
    config: { access: titleAccess(title) },
    schema: { querystring: OverviewQuery, response: { 200: Overview } },
  }, async (request) => {
    const now = new Date();
    return overviewFigures(app.db, clientOf(request), periodOf(request.query, now), now);
  });

  const panel = ADMIN_RESOURCES.reports_panel;
  app.get(panel.apiPath, {
    config: { access: titleAccess(panel.title) },
    schema: { querystring: ReportsPanelQuery, response: { 200: Overview } },
  }, async (request) => {
    const now = new Date();
    return overviewFigures(app.db, clientOf(request), periodOf(request.query, now), now, parsePanelFilters(request.query));
  });
};
export default overview;
