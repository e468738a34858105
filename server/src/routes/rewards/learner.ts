import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  LEARNER_REWARD_PATHS, LearnerCampaign, PhotoInput, PhotoUpload, ScanAnswer, ScanBody, LearnerCatalogQuery, ListQuery, RewardPointsEntry, RedeemBody, RedeemOrder, REWARD_UPLOAD_KINDS, Reward, Sale, SaleInput,
} from '@lp/shared/contract';
import { UPLOAD_LIMITS, campaignOpen, repeatedProduct } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { RewardCampaignRow } from '../../db/tables/reward.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findCampaign } from '../../repositories/rewards/campaigns.ts';
import { findReward, learnerCatalogQuery, toReward } from '../../repositories/rewards/catalog.ts';
import { eventByToken } from '../../repositories/rewards/events.ts';
import { addEntry, statement } from '../../repositories/rewards/ledger.ts';
import { inCampaignAudience, learnerCampaign, profileOf, visibleCampaigns } from '../../repositories/rewards/learner.ts';
import { RedeemRefused, ordersQuery, redeem, toOrders } from '../../repositories/rewards/orders.ts';
import { addPerson, findPerson } from '../../repositories/rewards/people.ts';
import { insertPhoto, photosQuery, toPhotos } from '../../repositories/rewards/photos.ts';
import { foreignIds, isClientRow } from '../../repositories/rewards/reference.ts';
import { insertSale, salesQuery, toSales } from '../../repositories/rewards/sales.ts';
import { commitUpload, prepareUpload, savingUpload } from '../trainings/uploadedFile.ts';
import { campaignNotFound } from './common.ts';

const CATALOG_SPEC: ListSpec = {
  searchColumns: ['reward_rewards.reward_title'],
  sortable: { id: 'reward_rewards.id', reward_title: 'reward_rewards.reward_title', points_to_aquire: 'reward_rewards.points_to_aquire' },
  defaultOrdering: 'reward_title',
  filters: { category_id: 'reward_rewards.category_id', brand_id: 'reward_rewards.brand_id', is_featured: 'reward_rewards.is_featured' },
};
const MY_SPEC: ListSpec = { searchColumns: [], sortable: { id: 's.id' }, defaultOrdering: '-id' };
const MY_ORDERS_SPEC: ListSpec = { searchColumns: [], sortable: { id: 'o.id' }, defaultOrdering: '-id' };
const learnerCampaignAnswer = Type.Array(LearnerCampaign);

/**
 * The campaign the learner may open: one they are on (not blocked — spec 3 §6 "Blocked campaign
 * users cannot access the program"), or a published one whose audience holds them.
 */
async function openCampaign(db: Db, request: FastifyRequest, id: number): Promise<{ campaign: RewardCampaignRow; enrolled: boolean }> {
  const clientId = clientOf(request);
  const userId = authOf(request).user.id;
  const campaign = await findCampaign(db, clientId, id);
  if (!campaign || campaign.status === 'draft') throw campaignNotFound();
  const person = await findPerson(db, clientId, id, userId);
  if (person?.blocked) throw new HttpError(403, 'campaign_user_blocked', 'You are blocked in this campaign');
  if (!person && !(campaign.status === 'published' && (await inCampaignAudience(db, clientId, id, userId)))) throw campaignNotFound();
  return { campaign, enrolled: !!person };
}

/** Acting in a campaign (a sale, a redemption) needs it published, and puts an audience member on it (with the required profile). */
async function participate(db: Db, request: FastifyRequest, id: number): Promise<RewardCampaignRow> {
  const { campaign, enrolled } = await openCampaign(db, request, id);
  if (!campaignOpen(campaign.status)) throw new HttpError(409, 'campaign_not_open', 'The campaign is not open');
  if (!enrolled) {
    const userId = authOf(request).user.id;
    if (campaign.required_profile_id !== null && (await profileOf(db, campaign.client_id, userId)) !== campaign.required_profile_id) {
      throw new HttpError(403, 'user_does_not_have_the_profile_necessary_to_participate_in_the_campaign', 'User does not have the profile necessary to participate in the campaign');
    }
    await addPerson(db, campaign.client_id, campaign.id, userId, null);
  }
  return campaign;
}

/**
 * spec 3 §2 "Learner campaign pages": report a sale (invoice upload or picture, products with
 * quantities), see points and the statement, the catalog, redeem with requester data and
 * address, my orders with their timeline.
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  const L = LEARNER_REWARD_PATHS;
  // the invoice photo: any signed-in learner uploads it; the sale validates its content (jpg/png magic bytes)
  app.tus.defineKind(REWARD_UPLOAD_KINDS.invoice, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: ['.jpg', '.jpeg', '.png'], allowed: () => true });
  app.tus.defineKind(REWARD_UPLOAD_KINDS.photo, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: ['.jpg', '.jpeg', '.png'], allowed: () => true });

  app.get(L.campaigns, { config: { access: 'authenticated' }, schema: { response: { 200: learnerCampaignAnswer } } }, async (request) => {
    const userId = authOf(request).user.id;
    const rows = await visibleCampaigns(app.db, clientOf(request), userId);
    const blocked = new Set((await Promise.all(rows.map((r) => findPerson(app.db, r.client_id, r.id, userId)))).filter((p) => p?.blocked).map((p) => p!.campaign_id));
    return Promise.all(rows.filter((r) => !blocked.has(r.id)).map((r) => learnerCampaign(app.db, r, userId)));
  });

  app.get(L.campaign(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerCampaign } } }, async (request) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    return learnerCampaign(app.db, campaign, authOf(request).user.id);
  });

  app.get(L.statement(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: Type.Array(RewardPointsEntry) } } }, async (request) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    return (await statement(app.db, campaign.client_id, campaign.id, authOf(request).user.id)).reverse();
  });

  app.get(L.sales(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(Sale) } }, async (request, reply) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    const list = parseListQuery(request.query, MY_SPEC);
    const qb = salesQuery(app.db, campaign.client_id).where('s.campaign_id', '=', campaign.id).where('s.user_id', '=', authOf(request).user.id);
    const { rows, total } = await runList(qb, list, MY_SPEC);
    return sendList(reply, 'reward_sales', list, await toSales(app.db, app.mediaUrls(request), rows), total);
  });

  // spec 3 §4 "Points are credited on registration"; §5 one invoice number per user, one entry per product; §8 the keys
  app.post(L.sales(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: SaleInput, response: { 201: Sale } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const body = request.body;
    const campaign = await participate(app.db, request, request.params.id);
    if (!campaign.allows_invoice_registration) throw new HttpError(409, 'invoice_registration_not_allowed', 'This campaign does not accept invoices');
    if (repeatedProduct(body.products) !== null) throw new HttpError(400, 'one_entry_per_product', 'One entry per product', { products: 'one_entry_per_product' });
    if ((await foreignIds(app.db, 'reward_sale_products', clientId, body.products.map((p) => p.product_id))).length) {
      throw new HttpError(400, 'error_inserting_user_sale', 'Unknown product', { products: 'error_inserting_user_sale' });
    }
    if (body.branch_id && (await foreignIds(app.db, 'branches', clientId, [body.branch_id])).length) {
      throw new HttpError(400, 'error_inserting_user_sale', 'Unknown store', { branch_id: 'error_inserting_user_sale' });
    }
    const prepared = await prepareUpload(app, request, body.invoice_upload, REWARD_UPLOAD_KINDS.invoice, 'image', `rewards/invoices/${clientId}`);
    const sale = await savingUpload(app, prepared, async () => {
      try {
        return await app.db.transaction().execute(async (trx) => {
          const created = await insertSale(trx, {
            clientId, campaignId: campaign.id, multiplicationBase: Number(campaign.multiplication_base), userId, sale_date: body.sale_date,
            invoice_number: body.invoice_number, branch_id: body.branch_id ?? null, retailer: (body.retailer ?? '').trim(), products: body.products,
            invoiceResource: prepared.media.resource,
          });
          await commitUpload(trx, app, request, prepared);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'the_note_number_has_already_been_sent_by_the_user_before', 'The note number has already been sent by the user before',
            { invoice_number: 'the_note_number_has_already_been_sent_by_the_user_before' });
        }
        throw error;
      }
    });
    if (sale.points > 0 && campaign.email_points_available.trim()) {
      await app.mailer.send({ to: authOf(request).user.email, subject: campaign.title, text: campaign.email_points_available });
    }
    const [answer] = await toSales(app.db, app.mediaUrls(request), await salesQuery(app.db, clientId).where('s.id', '=', sale.id).execute());
    return reply.status(201).send(answer!);
  });

  app.get(L.catalog(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, querystring: LearnerCatalogQuery, response: listResponse(Reward) } }, async (request, reply) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    const { category_id: categoryId, brand_id: brandId, featured, ...query } = request.query;
    const list = parseListQuery(query, CATALOG_SPEC);
    let qb = learnerCatalogQuery(app.db, campaign.client_id, campaign.id);
    if (categoryId) qb = qb.where('reward_rewards.category_id', '=', categoryId);
    if (brandId) qb = qb.where('reward_rewards.brand_id', '=', brandId);
    if (featured !== undefined) qb = qb.where('reward_rewards.is_featured', '=', featured);
    const { rows, total } = await runList(qb, list, CATALOG_SPEC);
    return sendList(reply, 'reward_catalog', list, rows.map(toReward), total);
  });

  app.post(L.redeem(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: RedeemBody, response: { 201: RedeemOrder } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const campaign = await participate(app.db, request, request.params.id);
    const reward = await findReward(app.db, clientId, request.body.reward_id);
    if (!reward || !reward.active || (reward.campaign_id !== null && reward.campaign_id !== campaign.id)) throw new HttpError(404, 'reward_not_found', 'Reward not found');
    let id: number;
    try {
      id = await app.db.transaction().execute((trx) => redeem(trx, {
        clientId, campaignId: campaign.id, userId, reward, quantity: request.body.quantity ?? 1, requester: request.body.requester,
      }));
    } catch (error) {
      if (error instanceof RedeemRefused) throw new HttpError(error.status, error.code, error.code);
      throw error;
    }
    const [order] = await toOrders(app.db, await ordersQuery(app.db, clientId).where('o.id', '=', id).execute(), true);
    return reply.status(201).send(order!);
  });

  // spec 3 §2 "upload photos" (by photo type), audited by the admin (photos.ts)
  app.get(L.photos(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: Type.Array(PhotoUpload) } } }, async (request) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    const rows = await photosQuery(app.db, campaign.client_id).where('p.campaign_id', '=', campaign.id).where('p.user_id', '=', authOf(request).user.id).orderBy('p.id', 'desc').execute();
    return toPhotos(app.mediaUrls(request), rows);
  });

  app.post(L.photos(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, body: PhotoInput, response: { 201: PhotoUpload } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const campaign = await participate(app.db, request, request.params.id);
    if (!(await isClientRow(app.db, 'reward_upload_file_types', clientId, request.body.photo_type_id))) {
      throw new HttpError(400, 'validation_error', 'Unknown photo type', { photo_type_id: 'validation_error' });
    }
    const prepared = await prepareUpload(app, request, request.body.upload, REWARD_UPLOAD_KINDS.photo, 'image', `rewards/photos/${clientId}`);
    const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const created = await insertPhoto(trx, {
        clientId, campaignId: campaign.id, userId, photoTypeId: request.body.photo_type_id, information: (request.body.information ?? '').trim(), resource: prepared.media.resource,
      });
      await commitUpload(trx, app, request, prepared);
      return created;
    }));
    const rows = await photosQuery(app.db, clientId).where('p.id', '=', id).execute();
    return reply.status(201).send(toPhotos(app.mediaUrls(request), rows)[0]!);
  });

  // issue 18 item 2: scanning an event's QR code credits the campaign points once per user (the ledger's key decides two scans at once)
  app.post(L.scan, { config: { access: 'authenticated' }, schema: { body: ScanBody, response: { 200: ScanAnswer } } }, async (request) => {
    const clientId = clientOf(request);
    const userId = authOf(request).user.id;
    const event = await eventByToken(app.db, clientId, request.body.code.trim());
    if (!event) throw new HttpError(404, 'not_found', 'Not found or no permission to access');
    const campaign = await participate(app.db, request, event.campaign_id);
    const credited = await addEntry(app.db, {
      clientId, campaignId: campaign.id, userId, kind: 'event_qrcode', points: event.points, sourceId: event.id, reason: event.title, createdBy: userId,
    });
    return { campaign_id: campaign.id, event: event.title, points: event.points, credited };
  });

  app.get(L.orders(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(RedeemOrder) } }, async (request, reply) => {
    const { campaign } = await openCampaign(app.db, request, request.params.id);
    const list = parseListQuery(request.query, MY_ORDERS_SPEC);
    const qb = ordersQuery(app.db, campaign.client_id).where('o.campaign_id', '=', campaign.id).where('o.user_id', '=', authOf(request).user.id);
    const { rows, total } = await runList(qb, list, MY_ORDERS_SPEC);
    return sendList(reply, 'reward_orders', list, await toOrders(app.db, rows, true), total);
  });
};
export default learner;
