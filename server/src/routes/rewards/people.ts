import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AddCampaignUsersAnswer, AddCampaignUsersBody, CampaignUser, CampaignUserHistory, CampaignUserLevelBody, ListQuery, NoContent, REWARD_PATHS,
} from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { Id } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { campaignParts } from '../../repositories/rewards/campaigns.ts';
import { statement } from '../../repositories/rewards/ledger.ts';
import { ordersQuery, toOrders } from '../../repositories/rewards/orders.ts';
import {
  addPerson, findPerson, membersOf, peopleQuery, personEvents, readPerson, removePerson, setBlocked, setLevel, toCampaignUsers,
} from '../../repositories/rewards/people.ts';
import { salesQuery, toSales } from '../../repositories/rewards/sales.ts';
import { ACCESS, campaignOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['u.full_name', 'u.email'],
  sortable: { id: 'cu.id', name: 'u.full_name', inscription_date: 'cu.inscription_date' },
  defaultOrdering: 'name',
  filters: { blocked: 'cu.blocked', level_id: 'cu.level_id' },
};
const PersonParams = Type.Object({ id: Id(), userId: Id() });
const personNotFound = () => new HttpError(404, 'campaign_user_not_found', 'User not found in the campaign');

/**
 * spec 3 §2 "users on campaign: add, remove, block/unblock, level up/down" and the histories
 * (status, level, points, sales, redeem) of §2 "Admin campaign screen"; §4 "Campaign user", §5
 * "A user lacking the campaign's required profile cannot be added", §8 the keys and the blocked
 * message ("User blocked. You will need to unblock manually in user management").
 */
const people: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;

  app.get(P.people(':id'), { config: { access: ACCESS.campaigns }, schema: { params: Type.Object({ id: Id() }), querystring: ListQuery, response: listResponse(CampaignUser) } }, async (request, reply) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(peopleQuery(app.db, campaign.client_id, campaign.id), list, LIST_SPEC);
    return sendList(reply, 'rewards/campaign-users', list, await toCampaignUsers(app.db, campaign.id, rows), total);
  });

  app.post(P.people(':id'), { config: { access: ACCESS.campaigns }, schema: { params: Type.Object({ id: Id() }), body: AddCampaignUsersBody, response: { 200: AddCampaignUsersAnswer } } }, async (request) => {
    const clientId = clientOf(request);
    const campaign = await campaignOr404(app.db, request, request.params.id);
    if (campaign.status === 'closed') throw new HttpError(409, 'error_adding_user_to_campaign', 'The campaign is closed');
    const members = await membersOf(app.db, clientId, request.body.user_ids);
    const users = [...new Set(request.body.user_ids)];
    if (users.some((u) => !members.has(u))) throw new HttpError(400, 'error_adding_user_to_campaign', 'Unknown user', { user_ids: 'error_adding_user_to_campaign' });
    // spec 3 §5 "A user lacking the campaign's required profile cannot be added."
    if (campaign.required_profile_id !== null && users.some((u) => members.get(u) !== campaign.required_profile_id)) {
      throw new HttpError(409, 'user_does_not_have_the_profile_necessary_to_participate_in_the_campaign', 'User does not have the profile necessary to participate in the campaign',
        { user_ids: 'user_does_not_have_the_profile_necessary_to_participate_in_the_campaign' });
    }
    const actor = authOf(request).user.id;
    const added = await app.db.transaction().execute(async (trx) => {
      let n = 0;
      for (const u of users) if (await addPerson(trx, clientId, campaign.id, u, actor)) n += 1;
      return n;
    });
    return { added };
  });

  // spec 3 §4 "Removal deletes all of the user's sales and points and cannot be undone" (the admin confirms first)
  app.delete(P.person(':id', ':userId'), { config: { access: ACCESS.campaigns }, schema: { params: PersonParams, response: { 204: NoContent } } }, async (request, reply) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    const removed = await app.db.transaction().execute((trx) => removePerson(trx, campaign.client_id, campaign.id, request.params.userId, authOf(request).user.id));
    if (!removed) throw personNotFound();
    return reply.status(204).send();
  });

  for (const blocked of [true, false]) {
    app.post(blocked ? P.block(':id', ':userId') : P.unblock(':id', ':userId'), {
      config: { access: ACCESS.campaigns }, schema: { params: PersonParams, response: { 200: CampaignUser } },
    }, async (request) => {
      const campaign = await campaignOr404(app.db, request, request.params.id);
      const person = await findPerson(app.db, campaign.client_id, campaign.id, request.params.userId);
      if (!person) throw personNotFound();
      await app.db.transaction().execute((trx) => setBlocked(trx, person, blocked, authOf(request).user.id));
      return (await readPerson(app.db, campaign.client_id, campaign.id, person.user_id))!;
    });
  }

  app.post(P.level(':id', ':userId'), { config: { access: ACCESS.levels }, schema: { params: PersonParams, body: CampaignUserLevelBody, response: { 200: CampaignUser } } }, async (request) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    const person = await findPerson(app.db, campaign.client_id, campaign.id, request.params.userId);
    if (!person) throw personNotFound();
    const { level_id: levelId } = request.body;
    if (levelId !== null && !(await campaignParts(app.db, campaign.id)).levels.some((l) => l.level_id === levelId)) {
      throw new HttpError(400, 'error_updating_levels', 'The level is not one of the campaign\'s', { level_id: 'error_updating_levels' });
    }
    await app.db.transaction().execute((trx) => setLevel(trx, person, levelId, authOf(request).user.id));
    return (await readPerson(app.db, campaign.client_id, campaign.id, person.user_id))!;
  });

  app.get(P.history(':id', ':userId'), { config: { access: ACCESS.campaigns }, schema: { params: PersonParams, response: { 200: CampaignUserHistory } } }, async (request) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    const { userId } = request.params;
    const user = await readPerson(app.db, campaign.client_id, campaign.id, userId);
    if (!user) throw personNotFound();
    const [events, points, saleRows, orderRows] = await Promise.all([
      personEvents(app.db, campaign.client_id, campaign.id, userId),
      statement(app.db, campaign.client_id, campaign.id, userId),
      salesQuery(app.db, campaign.client_id).where('s.campaign_id', '=', campaign.id).where('s.user_id', '=', userId).orderBy('s.id', 'desc').execute(),
      ordersQuery(app.db, campaign.client_id).where('o.campaign_id', '=', campaign.id).where('o.user_id', '=', userId).orderBy('o.id', 'desc').execute(),
    ]);
    return {
      user, events, points: points.reverse(),
      sales: await toSales(app.db, app.mediaUrls(request), saleRows), orders: await toOrders(app.db, orderRows, false),
    };
  });
};
export default people;
