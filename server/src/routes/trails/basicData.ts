import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CONTENT_STATUS, TRAIL_PATHS, Trail, TrailInput, TrailListQuery, type ErrorCode, TrailListItem } from '@lp/shared/contract';
import { TRAIL_DEFAULTS, formErrorCode, hasPermission, validateTrailBasicData } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { clientTrainingFlags } from '../../repositories/trainings.ts';
import {
  foreignTrailReferences, insertTrail, setTrailStatus, toTrailListItems, trailAdminListQuery, trailState, updateTrail, type TrailState,
} from '../../repositories/trails.ts';
import { TRAILS_SET_SCORE, trailAnswer, trailAccess, trailNotFound, trailOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['trails.title'],
  sortable: {
    id: 'trails.id', title: 'trails.title', status: 'trails.status', order: 'trails.sort_order', score: 'trails.score',
    availability_date: 'trails.availability_date', date_to_unpublish: 'trails.date_to_unpublish',
    training_quantity: 'trails.training_quantity', created_at: 'trails.created_at', updated_at: 'trails.updated_at',
  },
  defaultOrdering: '-created_at',
  filters: { status: 'trails.status' },
};

const EMPTY_STATE: TrailState = {
  title: '', description: '', image_url: null, score: TRAIL_DEFAULTS.score, order: TRAIL_DEFAULTS.order, availability_date: null,
  date_to_unpublish: null, qty_certificate_expiration_days: null, categories: [], tags: [], areas: [], profiles: [], user_groups: [],
  mandatory_areas: [], mandatory_profiles: [],
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
/** An omitted field keeps `current`; '' or null clears it. */
const keepOrClear = (value: string | null | undefined, current: string | null): string | null =>
  value === undefined ? current : blankToNull(value);

/** The category filter of either envelope: DRF `category=3`, or `filter={"category": 3}` (one id or several). */
function categoryFilter(query: TrailListQuery): number[] | null {
  if (query.category !== undefined) return [query.category];
  if (!query.filter) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(query.filter);
  } catch {
    return null; // parseListQuery answers the malformed filter
  }
  const value = (parsed as { category?: unknown } | null)?.category;
  if (value === undefined || value === null || value === '') return null;
  const ids = (Array.isArray(value) ? value : [value]).map(Number);
  if (!ids.every((id) => Number.isInteger(id) && id > 0)) throw new HttpError(400, 'validation_error', 'filter category has an invalid value');
  return ids;
}

/**
 * The values a create or update stores: the request merged into the current values, then the
 * shared trail rules (shared/src/trails.ts) checked on the result. Throws 400 / 403 answers.
 */
async function resolveState(db: Db, request: FastifyRequest, input: TrailInput, current: TrailState | null): Promise<TrailState> {
  const clientId = clientOf(request);
  const { subject } = authOf(request);
  const base = current ?? EMPTY_STATE;
  const canSetScore = hasPermission(subject, TRAILS_SET_SCORE);
  const useSubscription = (await clientTrainingFlags(db, clientId)).use_training_subscription;

  // spec 2 §6: trails_set_score is needed to set the trail score
  if (!canSetScore && input.score !== undefined && input.score !== null && input.score !== base.score) {
    throw new HttpError(403, 'permission_denied', 'You do not have permission to set the trail score', { score: 'permission_denied' });
  }
  const requestedScore = canSetScore ? (input.score !== undefined ? input.score : current ? base.score : null) : base.score;

  const state: TrailState = {
    title: input.title !== undefined ? input.title.trim() : base.title,
    description: input.description !== undefined ? sanitizeRichText(input.description) : base.description,
    image_url: keepOrClear(input.image_url, base.image_url),
    score: requestedScore ?? TRAIL_DEFAULTS.score,
    order: input.order !== undefined && input.order !== null ? input.order : base.order,
    availability_date: keepOrClear(input.availability_date, base.availability_date),
    date_to_unpublish: keepOrClear(input.date_to_unpublish, base.date_to_unpublish),
    qty_certificate_expiration_days: input.qty_certificate_expiration_days !== undefined
      ? input.qty_certificate_expiration_days : base.qty_certificate_expiration_days,
    categories: input.trail_categories ?? base.categories,
    tags: input.tags ?? base.tags,
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? base.user_groups,
    // only clients with training subscription keep mandatory audiences (the training rule, spec 2 §5.1)
    mandatory_areas: useSubscription ? input.mandatory_areas ?? base.mandatory_areas : [],
    mandatory_profiles: useSubscription ? input.mandatory_profiles ?? base.mandatory_profiles : [],
  };

  const fields: Record<string, ErrorCode> = validateTrailBasicData({ ...state, score: requestedScore }, { canSetScore, useSubscription });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The trail data is not valid', fields);
  const foreign = await foreignTrailReferences(db, clientId, state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/** Trail list, read, create, update and (soft) delete. */
const basicData: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trailAccess;
  const { collection } = TRAIL_PATHS;
  const item = `${collection}:id/`;

  app.get(collection, { config: { access: guard.read }, schema: { querystring: TrailListQuery, response: listResponse(TrailListItem) } }, async (request, reply) => {
    const { status, category: _category, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    const categories = categoryFilter(request.query);
    // deleted trails (status 3) show only when asked for by the status filter
    const statusFiltered = status !== undefined || list.filters.some((f) => f.column === LIST_SPEC.filters!.status);
    const qb = trailAdminListQuery(app.db, clientOf(request), { status, statusFiltered, categories });
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'trails', list, await toTrailListItems(app.db, rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Trail } } }, async (request) => {
    await trailOr404(app.db, request, request.params.id);
    return trailAnswer(app, request, request.params.id);
  });

  app.post(collection, { config: { access: guard.write }, schema: { body: TrailInput, response: { 201: Trail } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null);
      return insertTrail(trx, clientId, authOf(request).user.id, state);
    });
    return reply.status(201).send(await trailAnswer(app, request, id));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: TrailInput, response: { 200: Trail } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await trailOr404(trx, request, id);
      const state = await resolveState(trx, request, request.body, await trailState(trx, row));
      if (!(await updateTrail(trx, clientId, id, state))) throw trailNotFound();
    });
    return trailAnswer(app, request, id);
  });

  // soft delete (spec 2 §4.1 status 3); answers the record, as react-admin's delete expects
  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: Trail } } }, async (request) => {
    await trailOr404(app.db, request, request.params.id);
    if (!(await setTrailStatus(app.db, clientOf(request), request.params.id, CONTENT_STATUS.deleted))) throw trailNotFound();
    return trailAnswer(app, request, request.params.id);
  });
};
export default basicData;
