import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CampaignEvent, CampaignEventInput, NoContent, REWARD_PATHS } from '@lp/shared/contract';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { Id } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { campaignEvents, deleteEvent, insertEvent, updateEvent } from '../../repositories/rewards/events.ts';
import { campaignOr404 } from './common.ts';

/** spec 1 §6.2 events_qrcode "events linked to incentive campaigns": its own key, beside the campaign's. */
const ACCESS = titleAccess('events_qrcode');
const CampaignParams = Type.Object({ id: Id() });
const EventParams = Type.Object({ id: Id(), eventId: Id() });
const eventNotFound = () => new HttpError(404, 'not_found', 'Event not found');

/** The events of a campaign with their QR code (issue 18 item 2); scanning is the learner's (learner.ts). */
const events: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;
  const one = async (clientId: number, campaignId: number, id: number) => {
    const [event] = await campaignEvents(app.db, clientId, campaignId, id);
    if (!event) throw eventNotFound();
    return event;
  };

  app.get(P.events(':id'), { config: { access: ACCESS }, schema: { params: CampaignParams, response: { 200: Type.Array(CampaignEvent) } } }, async (request) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    return campaignEvents(app.db, campaign.client_id, campaign.id);
  });

  app.post(P.events(':id'), { config: { access: ACCESS }, schema: { params: CampaignParams, body: CampaignEventInput, response: { 201: CampaignEvent } } }, async (request, reply) => {
    const campaign = await campaignOr404(app.db, request, request.params.id);
    if (campaign.status === 'closed') throw new HttpError(409, 'campaign_fields_locked', 'A closed campaign cannot be changed');
    const id = await insertEvent(app.db, campaign.client_id, campaign.id, request.body);
    return reply.status(201).send(await one(campaign.client_id, campaign.id, id));
  });

  app.put(P.event(':id', ':eventId'), { config: { access: ACCESS }, schema: { params: EventParams, body: CampaignEventInput, response: { 200: CampaignEvent } } }, async (request) => {
    const clientId = clientOf(request);
    if (!(await updateEvent(app.db, clientId, request.params.id, request.params.eventId, request.body))) throw eventNotFound();
    return one(clientId, request.params.id, request.params.eventId);
  });

  app.delete(P.event(':id', ':eventId'), { config: { access: ACCESS }, schema: { params: EventParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deleteEvent(app.db, clientOf(request), request.params.id, request.params.eventId))) throw eventNotFound();
    return reply.status(204).send();
  });
};
export default events;
