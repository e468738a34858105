import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Campaign, CampaignInput, CampaignListItem, ListQuery, NoContent, REWARD_PATHS, type ErrorCode } from '@lp/shared/contract';
import { campaignTransitionAllowed, levelForPoints, levelRangesValid, lockedFieldChanges, type CampaignStatus } from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import type { RewardCampaignRow } from '../../db/tables/reward.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  campaignListQuery, campaignParts, deleteCampaign, findCampaign, insertCampaign, loadCampaign, moveCampaign, storesInOtherActiveCampaign, updateCampaign,
} from '../../repositories/rewards/campaigns.ts';
import { balancesOf } from '../../repositories/rewards/ledger.ts';
import { allPeople, setLevel } from '../../repositories/rewards/people.ts';
import { foreignIds, isClientRow } from '../../repositories/rewards/reference.ts';
import { emailsOf } from '../../repositories/rewards/learner.ts';
import { ACCESS, campaignNotFound, campaignOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['reward_campaigns.title'],
  sortable: { id: 'reward_campaigns.id', title: 'reward_campaigns.title', status: 'reward_campaigns.status', created_at: 'reward_campaigns.created_at' },
  defaultOrdering: '-id',
  filters: { status: 'reward_campaigns.status' },
};

const invalid = (code: ErrorCode, field: string, detail: string, status = 400) => new HttpError(status, code, detail, { [field]: code });

/** The references of a save must be the selected client's; levels must not overlap (error_updating_levels). */
async function validate(db: Db, clientId: number, campaignId: number | null, input: CampaignInput): Promise<void> {
  const audience = await foreignAudienceIds(db, clientId, { areas: input.areas, profiles: input.profiles, user_groups: input.user_groups });
  if (Object.keys(audience).length) throw new HttpError(400, 'validation_error', 'Unknown audience ids', audience);
  if (!(await isClientRow(db, 'profiles', clientId, input.required_profile_id))) throw invalid('validation_error', 'required_profile_id', 'Unknown profile');
  if (input.levels) {
    if (!levelRangesValid(input.levels) || (await foreignIds(db, 'reward_levels', clientId, input.levels.map((l) => l.level_id))).length) {
      throw invalid('error_updating_levels', 'levels', 'Levels need their own ranges, without overlaps');
    }
  }
  if (input.points_table) {
    for (const [target, table] of [['product', 'reward_sale_products'], ['product_type', 'reward_sale_product_types'], ['brand', 'reward_brands']] as const) {
      const ids = input.points_table.filter((r) => r.target === target).map((r) => r.target_id);
      if ((await foreignIds(db, table, clientId, ids)).length) throw invalid('validation_error', 'points_table', `Unknown ${target}`);
    }
  }
  if (input.stores) {
    if ((await foreignIds(db, 'branches', clientId, input.stores)).length) throw invalid('validation_error', 'stores', 'Unknown store');
    // spec 3 §5 "A store already associated with another active campaign is rejected."
    if ((await storesInOtherActiveCampaign(db, clientId, campaignId, input.stores)).length) {
      throw invalid('store_associated_with_another_active_campaign', 'stores', 'Store associated with another active campaign', 409);
    }
  }
}

/** spec 3 §4 "Publishing locks the fields": the locked fields an edit of a published campaign changes are refused. */
async function refuseLockedChanges(db: Db, row: RewardCampaignRow, input: CampaignInput): Promise<void> {
  if (row.status === 'draft') return;
  if (row.status === 'closed') throw new HttpError(409, 'campaign_fields_locked', 'A closed campaign cannot be changed');
  const parts = await campaignParts(db, row.id);
  const before = {
    title: row.title, campaign_url: row.campaign_url, allows_invoice_registration: row.allows_invoice_registration, required_profile_id: row.required_profile_id,
    multiplication_base: Number(row.multiplication_base), start_date: row.start_date, end_date: row.end_date,
    levels: parts.levels, points_table: parts.points_table, category_points: parts.category_points, stores: parts.stores,
  };
  const sortBy = <T>(list: T[] | undefined, key: (t: T) => string) => list && [...list].sort((a, b) => key(a).localeCompare(key(b)));
  const after = Object.fromEntries(Object.entries({
    title: input.title.trim(), campaign_url: input.campaign_url?.trim(), allows_invoice_registration: input.allows_invoice_registration,
    required_profile_id: input.required_profile_id, multiplication_base: input.multiplication_base, start_date: input.start_date, end_date: input.end_date,
    levels: sortBy(input.levels, (l) => String(l.points_from).padStart(12, '0')),
    points_table: sortBy(input.points_table, (r) => `${r.target}:${String(r.target_id).padStart(12, '0')}`)?.map(({ target, target_id, points }) => ({ target, target_id, points })),
    category_points: sortBy(input.category_points, (r) => r.category)?.map(({ category, points }) => ({ category, points })),
    stores: input.stores && [...new Set(input.stores)].sort((a, b) => a - b),
  }).filter(([, v]) => v !== undefined));
  const beforeSorted = { ...before, points_table: [...before.points_table].sort((a, b) => `${a.target}:${String(a.target_id).padStart(12, '0')}`.localeCompare(`${b.target}:${String(b.target_id).padStart(12, '0')}`)) };
  const changed = lockedFieldChanges(row.status, beforeSorted, after);
  if (changed.length) {
    throw new HttpError(409, 'campaign_fields_locked', `The campaign is published: ${changed.join(', ')} cannot change`,
      Object.fromEntries(changed.map((f) => [f, 'campaign_fields_locked' as const])));
  }
}

/**
 * spec 3 §2 "Admin campaign screen", §3 "Reward campaign", §4, §5: campaigns with their stores,
 * audience, required profile, levels and points table; publish (locks the fields) and close
 * (final points, level recalculation, end-of-campaign e-mails), each after the admin's confirmation.
 */
const campaigns: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;
  const answer = async (clientId: number, id: number): Promise<Campaign> => {
    const row = await findCampaign(app.db, clientId, id);
    if (!row) throw campaignNotFound();
    return loadCampaign(app.db, row);
  };

  app.get(P.campaigns, { config: { access: ACCESS.campaigns }, schema: { querystring: ListQuery, response: listResponse(CampaignListItem) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(campaignListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'rewards/campaigns', list, rows.map((r) => ({ ...r, users_count: Number(r.users_count ?? 0) })), total);
  });

  app.get(P.campaign(':id'), { config: { access: ACCESS.campaigns }, schema: { params: IdParams, response: { 200: Campaign } } }, async (request) => {
    return loadCampaign(app.db, await campaignOr404(app.db, request, request.params.id));
  });

  app.post(P.campaigns, { config: { access: ACCESS.campaigns }, schema: { body: CampaignInput, response: { 201: Campaign } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      await validate(trx, clientId, null, request.body);
      return insertCampaign(trx, clientId, request.body);
    });
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(P.campaign(':id'), { config: { access: ACCESS.campaigns }, schema: { params: IdParams, body: CampaignInput, response: { 200: Campaign } } }, async (request) => {
    const clientId = clientOf(request);
    await app.db.transaction().execute(async (trx) => {
      const row = await campaignOr404(trx, request, request.params.id, true);
      await refuseLockedChanges(trx, row, request.body);
      await validate(trx, clientId, row.id, request.body);
      await updateCampaign(trx, clientId, row.id, request.body);
    });
    return answer(clientId, request.params.id);
  });

  // only a draft is deleted: a published or closed campaign holds people's points
  app.delete(P.campaign(':id'), { config: { access: ACCESS.campaigns }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    const row = await campaignOr404(app.db, request, request.params.id);
    if (row.status !== 'draft') throw new HttpError(409, 'campaign_fields_locked', 'Only a draft campaign can be deleted');
    await deleteCampaign(app.db, clientOf(request), row.id);
    return reply.status(204).send();
  });

  const move = async (id: number, request: FastifyRequest, to: CampaignStatus): Promise<RewardCampaignRow> =>
    app.db.transaction().execute(async (trx) => {
      const row = await campaignOr404(trx, request, id, true);
      if (!campaignTransitionAllowed(row.status, to)) throw new HttpError(409, 'campaign_transition_not_allowed', `A ${row.status} campaign cannot become ${to}`);
      if (to === 'published') {
        const { stores } = await campaignParts(trx, row.id);
        if ((await storesInOtherActiveCampaign(trx, row.client_id, row.id, stores)).length) {
          throw invalid('store_associated_with_another_active_campaign', 'stores', 'Store associated with another active campaign', 409);
        }
      }
      if (!(await moveCampaign(trx, row.id, row.status, to, new Date()))) throw new HttpError(409, 'campaign_transition_not_allowed', 'The campaign changed meanwhile');
      if (to === 'closed') await closingItems(trx, row, authOf(request).user.id);
      return row;
    });

  app.post(P.publish(':id'), { config: { access: ACCESS.campaigns }, schema: { params: IdParams, response: { 200: Campaign } } }, async (request) => {
    await move(request.params.id, request, 'published');
    return answer(clientOf(request), request.params.id);
  });

  app.post(P.close(':id'), { config: { access: ACCESS.campaigns }, schema: { params: IdParams, response: { 200: Campaign } } }, async (request) => {
    const row = await move(request.params.id, request, 'closed');
    await endOfCampaignMails(app, row);
    return answer(clientOf(request), request.params.id);
  });
};
export default campaigns;

/**
 * spec 3 §4 "Closing runs several closing items": the final points are the ledger's (nothing to
 * freeze: no entry is written to a closed campaign), and each person's level is recalculated
 * from their total points, with the change in the level history.
 */
async function closingItems(trx: Db, row: RewardCampaignRow, responsibleId: number): Promise<void> {
  const [{ levels }, people] = await Promise.all([campaignParts(trx, row.id), allPeople(trx, row.id)]);
  if (!levels.length) return;
  const balances = await balancesOf(trx, row.id);
  for (const person of people) {
    const level = levelForPoints(balances.get(person.user_id)?.total_points ?? 0, levels);
    await setLevel(trx, person, level, responsibleId, 'closing');
  }
}

/** The end-of-campaign e-mail to each person not blocked, when the campaign has one (after the commit). */
async function endOfCampaignMails(app: FastifyInstance, row: RewardCampaignRow): Promise<void> {
  if (!row.email_end_of_campaign.trim()) return;
  for (const email of await emailsOf(app.db, row.id)) {
    await app.mailer.send({ to: email, subject: row.title, text: row.email_end_of_campaign });
  }
}
