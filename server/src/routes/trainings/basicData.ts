import {
  isApiDate, CONTENT_LANGUAGES, TRAINING_DEFAULTS, effectiveTrainingType, formErrorCode, hasPermission, trainingScoreIsUsed, validateTrainingBasicData, type ContentLanguage,
} from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CONTENT_STATUS, TRAINING_PATHS, Training, TrainingInput, TrainingListQuery, type ErrorCode, TrainingListItem,
} from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  clientTrainingFlags, findTrainingType, foreignReferences, insertTraining, setTrainingStatus, toListItems, trainingAdminListQuery, trainingState, updateTraining, type TrainingState,
} from '../../repositories/trainings.ts';
import { TRAININGS_SET_SCORE, trainingAnswer, trainingAccess, trainingOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['group_trainings.title'],
  sortable: {
    id: 'group_trainings.id', title: 'group_trainings.title', status: 'group_trainings.status',
    created_at: 'group_trainings.created_at', updated_at: 'group_trainings.updated_at', published_at: 'group_trainings.published_at',
  },
  defaultOrdering: '-created_at',
  filters: { status: 'group_trainings.status', group_training_type: 'group_trainings.group_training_type_id', is_open: 'group_trainings.is_open' },
};

const EMPTY_STATE: TrainingState = {
  title: '', description: '', group_training_type_id: TRAINING_DEFAULTS.groupTrainingType, score: TRAINING_DEFAULTS.score, workload: 0,
  code: null, on_portfolio: false, portfolio_order: TRAINING_DEFAULTS.portfolioOrder, unpublish_date: null,
  qty_certificate_expiration_days: null, image_url: null, image_alt_texts: {}, certificate_image_url: null,
  tags: [], areas: [], profiles: [], user_groups: [], mandatory_areas: [], mandatory_profiles: [], owners: [],
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

function altTexts(input: TrainingInput['group_training_image_alt_texts']): Partial<Record<ContentLanguage, string>> {
  const out: Partial<Record<ContentLanguage, string>> = {};
  for (const language of CONTENT_LANGUAGES) {
    const text = input?.[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}

/**
 * The values a create or update stores: the request merged into the current values with
 * spec 2 §7.1's omissions (code, user_groups, unpublish_date and mandatory_* are left out
 * when empty), then spec 2 §5.1 checked on the result. Throws 400 / 403 answers.
 */
async function resolveState(db: Db, request: FastifyRequest, input: TrainingInput, current: TrainingState | null): Promise<TrainingState> {
  const clientId = clientOf(request);
  const { subject, user } = authOf(request);
  const flags = await clientTrainingFlags(db, clientId);
  const base = current ?? EMPTY_STATE;
  const canSetScore = hasPermission(subject, TRAININGS_SET_SCORE);

  const chosenType = input.group_training_type !== undefined ? input.group_training_type : current?.group_training_type_id ?? null;
  const typeId = effectiveTrainingType(chosenType, flags);
  const type = typeId === null ? undefined : await findTrainingType(db, typeId);
  const fields: Record<string, ErrorCode> = {};
  if (typeId !== null && !type) fields.group_training_type = 'validation_error';
  const ctx = { flags, typeUsesScore: type?.use_score ?? false, canSetScore };
  const scoreUsed = trainingScoreIsUsed(ctx);

  // spec 2 §6: trainings_set_score is additionally needed to set the training score
  const requestedScore = input.score ?? null;
  if (scoreUsed && !canSetScore && requestedScore !== null && requestedScore !== base.score) {
    throw new HttpError(403, 'permission_denied', 'You do not have permission to set the training score', { score: 'permission_denied' });
  }
  const score = !scoreUsed ? 0 : canSetScore ? (input.score !== undefined ? input.score : base.score) : base.score;

  let owners = input.owners ? [...input.owners] : base.owners;
  // spec 2 §6: "A new training gets the current user as its first owner"
  if (!current) owners = [user.id, ...owners.filter((id) => id !== user.id)];

  const subscription = flags.use_training_subscription;
  const state: TrainingState = {
    title: input.title !== undefined ? input.title.trim() : base.title,
    description: input.description !== undefined ? sanitizeRichText(input.description) : base.description,
    group_training_type_id: typeId ?? TRAINING_DEFAULTS.groupTrainingType,
    score: score ?? 0,
    workload: input.workload !== undefined ? (input.workload ?? Number.NaN) : (current ? base.workload : Number.NaN),
    code: blankToNull(input.code),
    on_portfolio: input.on_portfolio ?? base.on_portfolio,
    portfolio_order: input.portfolio_order ?? base.portfolio_order,
    unpublish_date: blankToNull(input.unpublish_date),
    qty_certificate_expiration_days: input.qty_certificate_expiration_days !== undefined ? input.qty_certificate_expiration_days : base.qty_certificate_expiration_days,
    image_url: input.group_training_images !== undefined ? blankToNull(input.group_training_images) : base.image_url,
    image_alt_texts: input.group_training_image_alt_texts !== undefined ? altTexts(input.group_training_image_alt_texts) : base.image_alt_texts,
    certificate_image_url: input.group_training_certificate_image_url !== undefined
      ? blankToNull(input.group_training_certificate_image_url) : base.certificate_image_url,
    tags: input.tags ?? base.tags,
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? [],
    // only clients with training subscription keep mandatory audiences (spec 2 §2.3)
    mandatory_areas: subscription ? input.mandatory_areas ?? [] : [],
    mandatory_profiles: subscription ? input.mandatory_profiles ?? [] : [],
    owners,
  };
  if (!flags.group_training_use_workload && Number.isNaN(state.workload)) state.workload = 0;

  Object.assign(fields, validateTrainingBasicData({
    title: state.title,
    description: state.description,
    group_training_type: chosenType ?? (flags.group_training_use_basic ? null : typeId),
    score: scoreUsed && canSetScore ? (input.score !== undefined ? input.score : current ? base.score : null) : state.score,
    workload: Number.isNaN(state.workload) ? null : state.workload,
    tags: state.tags,
    areas: state.areas,
    profiles: state.profiles,
    user_groups: state.user_groups,
    mandatory_areas: state.mandatory_areas,
    mandatory_profiles: state.mandatory_profiles,
    group_training_image_alt_texts: state.image_alt_texts,
  }, ctx));
  if (state.unpublish_date && !isApiDate(state.unpublish_date)) fields.unpublish_date = 'validation_error';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The training basic data is not valid', fields);

  const foreign = await foreignReferences(db, clientId, state, [user.id, ...(current?.owners ?? [])]);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/** spec 2 §7.1 training basic data: list, read, create, update and (soft) delete. */
const basicData: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const { collection } = TRAINING_PATHS;
  const item = `${collection}:id/`;

  app.get(collection, { config: { access: guard.read }, schema: { querystring: TrainingListQuery, response: listResponse(TrainingListItem) } }, async (request, reply) => {
    const { status, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    // deleted trainings (status 3) show only when asked for by the status filter
    const statusFiltered = status !== undefined || list.filters.some((f) => f.column === LIST_SPEC.filters!.status);
    const qb = trainingAdminListQuery(app.db, clientOf(request), { status, statusFiltered });
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'trainings', list, await toListItems(app.db, rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Training } } }, async (request) => {
    await trainingOr404(app.db, request, request.params.id);
    return trainingAnswer(app, request, request.params.id);
  });

  app.post(collection, { config: { access: guard.write }, schema: { body: TrainingInput, response: { 201: Training } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null);
      return insertTraining(trx, clientId, authOf(request).user.id, state);
    });
    return reply.status(201).send(await trainingAnswer(app, request, id));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: TrainingInput, response: { 200: Training } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await trainingOr404(trx, request, id);
      const state = await resolveState(trx, request, request.body, await trainingState(trx, row));
      if (!(await updateTraining(trx, clientId, id, state))) throw notFound();
    });
    return trainingAnswer(app, request, id);
  });

  // soft delete (spec 2 §4.1 status 3); answers the record, as react-admin's delete expects
  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: Training } } }, async (request) => {
    await trainingOr404(app.db, request, request.params.id);
    if (!(await setTrainingStatus(app.db, clientOf(request), request.params.id, CONTENT_STATUS.deleted))) throw notFound();
    return trainingAnswer(app, request, request.params.id);
  });
};
export default basicData;
