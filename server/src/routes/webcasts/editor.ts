import {
  isApiDate, CONTENT_LANGUAGES, WEBCAST_DEFAULTS, formErrorCode, hasPermission, isValidTimezone, normalizeEmbed, parseTransmissionDate, parseWebcastScore, timezoneOptions, validateWebcast, type ContentLanguage,
} from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  WEBCAST_PATHS, Webcast, WebcastDuplicated, WebcastInput, WebcastListQuery, WebcastScoreOption, WebcastTimezoneOption, WebcastTypeOption, type ErrorCode, WebcastListItem,
} from '@lp/shared/contract';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { copyTitle } from '../trainings/actions.ts';
import {
  clientWebcastFlags, deleteWebcast, duplicateWebcast, insertWebcast, loadWebcast, toListItems, updateWebcast, webcastAdminListQuery, webcastState, webcastTypeExists, webcastTypes, type WebcastState,
} from '../../repositories/webcasts.ts';
import { WEBCAST_SET_SCORE, webcastAccess, webcastOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['webcasts.title'],
  sortable: {
    id: 'webcasts.id', title: 'webcasts.title', status: 'webcasts.status', webcast_type: 'webcasts.webcast_type_id',
    transmission_date: 'webcasts.transmission_date', created_at: 'webcasts.created_at', updated_at: 'webcasts.updated_at',
  },
  defaultOrdering: '-transmission_date',
  filters: { status: 'webcasts.status', webcast_type: 'webcasts.webcast_type_id', use_chat: 'webcasts.use_chat' },
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

function altTexts(input: WebcastInput['webcast_image_alt_texts']): Partial<Record<ContentLanguage, string>> {
  const out: Partial<Record<ContentLanguage, string>> = {};
  for (const language of CONTENT_LANGUAGES) {
    const text = input?.[language]?.trim();
    if (text) out[language] = text;
  }
  return out;
}

const toFlag = (value: number | boolean | undefined): boolean | undefined => (value === undefined ? undefined : value === true || value === 1);

/**
 * The values a create or update stores: the request (JSON, or the end-webcast multipart form)
 * merged into the current values, then spec 2 §5.9 checked on the result. Throws 400 / 403.
 */
async function resolveState(db: Db, request: FastifyRequest, input: WebcastInput, current: WebcastState | null): Promise<WebcastState> {
  const clientId = clientOf(request);
  const { subject } = authOf(request);
  const flags = await clientWebcastFlags(db, clientId);
  const canSetScore = hasPermission(subject, WEBCAST_SET_SCORE);
  const fields: Record<string, ErrorCode> = {};

  // spec 2 §4.12: "The webcast type can be chosen only on creation"
  const type = current ? current.webcast_type_id : input.webcast_type ?? null;
  if (current && input.webcast_type != null && input.webcast_type !== current.webcast_type_id) fields.webcast_type = 'webcast_type_locked';
  if (!current && type !== null && !(await webcastTypeExists(db, type))) {
    fields.webcast_type = 'validation_error';
  }

  const timezone = input.timezone !== undefined ? (input.timezone?.trim() ?? '') : current?.timezone ?? '';
  let transmissionDate: Date | null = current?.transmission_date ?? null;
  if (input.transmission_date !== undefined) {
    const text = input.transmission_date?.trim() ?? '';
    // a wall-clock time (the end form) is read in the webcast's zone; an offset names the instant itself
    transmissionDate = text ? parseTransmissionDate(text, isValidTimezone(timezone) ? timezone : 'UTC') : null;
    if (text && !transmissionDate) fields.transmission_date = 'validation_error';
  }

  // spec 2 §6: the score needs webcast_set_score and the client's webcast_use_score
  const baseScore = current?.score ?? WEBCAST_DEFAULTS.score;
  const requested = input.score !== undefined ? parseWebcastScore(input.score) : undefined;
  let score = 0;
  if (flags.webcast_use_score) {
    if (!canSetScore && requested !== undefined && requested !== baseScore) {
      throw new HttpError(403, 'permission_denied', 'You do not have permission to set the webcast score', { score: 'permission_denied' });
    }
    score = canSetScore ? requested ?? baseScore : baseScore;
  }

  const status = input.status ?? current?.status ?? WEBCAST_DEFAULTS.status;
  const useChat = input.use_chat ?? current?.use_chat ?? WEBCAST_DEFAULTS.use_chat;
  const state: WebcastState = {
    title: input.title !== undefined ? input.title.trim() : current?.title ?? '',
    description: input.description !== undefined ? sanitizeRichText(input.description) : current?.description ?? '',
    code: input.code !== undefined ? blankToNull(input.code) : current?.code ?? null,
    webcast_type_id: type ?? WEBCAST_DEFAULTS.webcast_type,
    embed: normalizeEmbed(type, input.embed !== undefined ? input.embed : current?.embed),
    status,
    use_chat: useChat,
    // spec 2 §5.9: chat_moderated is off while use_chat is off
    chat_moderated: useChat ? input.chat_moderated ?? current?.chat_moderated ?? WEBCAST_DEFAULTS.chat_moderated : false,
    transmission_date: transmissionDate ?? new Date(0),
    timezone,
    transmission_completed: toFlag(input.transmission_completed) ?? current?.transmission_completed ?? false,
    score,
    workload: input.workload !== undefined ? (input.workload ?? Number.NaN) : current?.workload ?? Number.NaN,
    image_url: input.webcast_images !== undefined ? blankToNull(input.webcast_images) : current?.image_url ?? null,
    image_alt_texts: input.webcast_image_alt_texts !== undefined ? altTexts(input.webcast_image_alt_texts) : current?.image_alt_texts ?? {},
    unpublish_date: input.unpublish_date !== undefined ? blankToNull(input.unpublish_date) : current?.unpublish_date ?? null,
    tags: input.tags ?? current?.tags ?? [],
    areas: input.areas ?? current?.areas ?? [],
    profiles: input.profiles ?? current?.profiles ?? [],
    user_groups: input.user_groups ?? current?.user_groups ?? [],
  };

  // what was refused while reading the request (a locked type, an unreadable date) says so over "required"
  const readProblems = { ...fields };
  Object.assign(fields, validateWebcast({
    title: state.title,
    description: state.description,
    webcast_type: type,
    embed: state.embed,
    transmission_date: transmissionDate,
    timezone: state.timezone,
    workload: Number.isNaN(state.workload) ? null : state.workload,
    score: flags.webcast_use_score && canSetScore ? state.score : null,
    // an unchanged status passes (5, converting, is the streaming server's)
    status: status === current?.status ? null : status,
    areas: state.areas,
    profiles: state.profiles,
    user_groups: state.user_groups,
    webcast_image_alt_texts: state.image_alt_texts,
  }, { scoreEditable: flags.webcast_use_score && canSetScore, staticScores: flags.webcast_use_static_score ? flags.static_scores : null }), readProblems);
  if (state.unpublish_date && !isApiDate(state.unpublish_date)) fields.unpublish_date = 'validation_error';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The webcast event data is not valid', fields);

  const foreign = await foreignAudienceIds(db, clientId, state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/**
 * spec 2 §7.3 Webcast: list, read, create (JSON), update (JSON, or the End webcast multipart
 * form), soft delete (status 3), duplicate; and the editor's reference lists (§3.11).
 */
const editor: FastifyPluginAsyncTypebox = async (app) => {
  const guard = webcastAccess();
  const { collection } = WEBCAST_PATHS;
  const item = `${collection}:id/`;
  const answer = async (request: FastifyRequest, id: number) => {
    const webcast = await loadWebcast(app.db, clientOf(request), id, app.origins(request).app);
    if (!webcast) throw notFound();
    return webcast;
  };

  app.get(collection, { config: { access: guard.read }, schema: { querystring: WebcastListQuery, response: listResponse(WebcastListItem) } }, async (request, reply) => {
    const { status, webcast_type: type, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    // deleted webcasts (status 3) show only when the status filter asks for them
    const statusFiltered = status !== undefined || list.filters.some((f) => f.column === LIST_SPEC.filters!.status);
    const qb = webcastAdminListQuery(app.db, clientOf(request), { status, statusFiltered, type });
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'webcasts', list, await toListItems(app.db, rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Webcast } } }, async (request) => {
    await webcastOr404(app.db, request, request.params.id);
    return answer(request, request.params.id);
  });

  app.post(collection, { config: { access: guard.write }, schema: { body: WebcastInput, response: { 201: Webcast } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null);
      return insertWebcast(trx, clientId, authOf(request).user.id, state);
    });
    return reply.status(201).send(await answer(request, id));
  });

  // JSON from the editor's Save; a multipart form (status 4) from End webcast (spec 2 §7.3)
  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: WebcastInput, response: { 200: Webcast } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await webcastOr404(trx, request, id);
      const state = await resolveState(trx, request, request.body, await webcastState(trx, row));
      if (!(await updateWebcast(trx, clientId, id, state))) throw notFound();
    });
    return answer(request, id);
  });

  // soft delete (status 3); answers the record, as react-admin's delete expects
  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: Webcast } } }, async (request) => {
    await webcastOr404(app.db, request, request.params.id);
    if (!(await deleteWebcast(app.db, clientOf(request), request.params.id))) throw notFound();
    return answer(request, request.params.id);
  });

  // spec 2 §4.12: "copies the webcast with all its contents and opens the copy"
  app.get(WEBCAST_PATHS.duplicate(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, response: { 200: WebcastDuplicated } },
  }, async (request) => {
    const source = await webcastOr404(app.db, request, request.params.id);
    const { user } = authOf(request);
    const title = copyTitle(source.title, translate(user.language_id, 'trainings.copy_suffix'));
    const newId = await app.db.transaction().execute((trx) => duplicateWebcast(trx, clientOf(request), source.id, user.id, title));
    if (newId === null) throw notFound();
    return { webcast_duplicated_id: newId };
  });

  // ---- reference lists (spec 2 §3.11) ----
  app.get(WEBCAST_PATHS.types, { config: { access: guard.read }, schema: { response: { 200: Type.Array(WebcastTypeOption) } } }, async (request) => {
    const { user } = authOf(request);
    return (await webcastTypes(app.db)).map((r) => ({
      id: r.id, value: r.id, slug: r.slug, label: translate(user.language_id, `webcasts.types.${r.slug}`), uses_embed: r.uses_embed,
    }));
  });

  // every zone, sorted by offset, labelled '(GMT±hh:mm) Zone' (spec 4 "Dates"; shared with the admin)
  app.get(WEBCAST_PATHS.timezones, { config: { access: guard.read }, schema: { response: { 200: Type.Array(WebcastTimezoneOption) } } }, async () =>
    timezoneOptions());

  app.get(WEBCAST_PATHS.scores, { config: { access: guard.read }, schema: { response: { 200: Type.Array(WebcastScoreOption) } } }, async (request) => {
    const flags = await clientWebcastFlags(app.db, clientOf(request));
    return flags.static_scores.map((score) => ({ score, label: String(score) }));
  });
};
export default editor;
