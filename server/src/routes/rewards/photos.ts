import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoContent, PhotoAuditBody, PhotoListQuery, PhotoUpload, REWARD_PATHS } from '@lp/shared/contract';
import { reprovalJustified, saleTransitionAllowed } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { auditPhoto, deletePhoto, fileJustificationText, findPhoto, photosQuery, toPhotos } from '../../repositories/rewards/photos.ts';
import { ACCESS } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['u.full_name', 'p.information'],
  sortable: { id: 'p.id', created_at: 'p.created_at', status: 'p.status' },
  defaultOrdering: '-id',
  filters: { campaign_id: 'p.campaign_id', status: 'p.status', photo_type_id: 'p.photo_type_id' },
};
const photoNotFound = () => new HttpError(404, 'not_found', 'Photo not found');

/**
 * spec 3 §2 "photo upload history", §4 "Photo upload: can be reproved with a reason, or deleted
 * (irreversible)" — the photo audit beside the sales audit (reward_campaigns).
 */
const photos: FastifyPluginAsyncTypebox = async (app) => {
  const P = REWARD_PATHS;
  const answer = async (request: Parameters<typeof clientOf>[0], id: number): Promise<PhotoUpload> => {
    const [photo] = toPhotos(app.mediaUrls(request), await photosQuery(app.db, clientOf(request)).where('p.id', '=', id).execute());
    if (!photo) throw photoNotFound();
    return photo;
  };

  app.get(P.photos, { config: { access: ACCESS.sales }, schema: { querystring: PhotoListQuery, response: listResponse(PhotoUpload) } }, async (request, reply) => {
    const { campaign_id: campaignId, status, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    let qb = photosQuery(app.db, clientOf(request));
    if (campaignId) qb = qb.where('p.campaign_id', '=', campaignId);
    if (status) qb = qb.where('p.status', '=', status);
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'rewards/photos', list, toPhotos(app.mediaUrls(request), rows), total);
  });

  app.post(P.photoAudit(':id'), { config: { access: ACCESS.sales }, schema: { params: IdParams, body: PhotoAuditBody, response: { 200: PhotoUpload } } }, async (request) => {
    const clientId = clientOf(request);
    const body = request.body;
    if (body.status === 'reproved' && !reprovalJustified(body)) {
      throw new HttpError(400, 'reproval_justification_required', 'A reason is required to reprove', { justification: 'reproval_justification_required' });
    }
    const chosen = body.justification_id ? await fileJustificationText(app.db, clientId, body.justification_id) : undefined;
    if (body.justification_id && chosen === undefined) throw new HttpError(400, 'validation_error', 'Unknown justification', { justification_id: 'validation_error' });
    const reason = [chosen, (body.justification ?? '').trim()].filter(Boolean).join(' — ');
    const photo = await findPhoto(app.db, clientId, request.params.id);
    if (!photo) throw photoNotFound();
    if (!saleTransitionAllowed(photo.status, body.status) || !(await auditPhoto(app.db, photo, body.status, reason, authOf(request).user.id))) {
      throw new HttpError(409, 'sale_transition_not_allowed', `A ${photo.status} photo cannot become ${body.status}`);
    }
    return answer(request, photo.id);
  });

  app.delete(P.photo(':id'), { config: { access: ACCESS.sales }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    const photo = await findPhoto(app.db, clientOf(request), request.params.id);
    if (!photo) throw new HttpError(404, 'not_found', 'Photo not found');
    await deletePhoto(app.db, photo);
    return reply.status(204).send();
  });
};
export default photos;
