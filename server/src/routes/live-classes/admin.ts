import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  LIVE_CLASS_PATHS, LiveClass, LiveClassDuplicated, LiveClassInput, LiveClassListItem, LiveClassListQuery, LiveClassPlatformOption,
  LiveClassScoreOption, WebcastTimezoneOption, type ErrorCode,
} from '@lp/shared/contract';
import {
  LIVE_CLASS_DEFAULTS, LIVE_CLASS_LOCKED_FIELDS, LIVE_CLASS_SCORES, LIVE_CLASS_STATUS, formErrorCode, hasPermission, hasStarted, isApiDate,
  isValidTimezone, parseTransmissionDate, platformUsesUrl, timezoneOptions, validateLiveClass,
} from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { completeFinishedClass } from '../../liveClasses/completion.ts';
import { HttpError } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  deleteLiveClass, duplicateLiveClass, findLiveClass, insertLiveClass, liveClassListQuery, liveClassState, loadLiveClass, nonMembers, platformTypes,
  toListItems, updateLiveClass, type LiveClassState,
} from '../../repositories/liveClasses/classes.ts';
import { lockLiveClass } from '../../repositories/liveClasses/participants.ts';
import { copyTitle } from '../trainings/actions.ts';
import { LIVE_CLASS_SET_SCORE, liveClassAccess, liveClassNotFound, liveClassOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['live_classes.title'],
  sortable: {
    id: 'live_classes.id', title: 'live_classes.title', status: 'live_classes.status', live_class_type: 'live_classes.live_class_type',
    stream_type: 'live_classes.stream_type_id', live_class_date: 'live_classes.live_class_date', maximum_participants: 'live_classes.maximum_participants',
    created_at: 'live_classes.created_at', updated_at: 'live_classes.updated_at',
  },
  defaultOrdering: '-live_class_date',
  filters: { status: 'live_classes.status', live_class_type: 'live_classes.live_class_type', stream_type: 'live_classes.stream_type_id' },
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
type Current = Awaited<ReturnType<typeof liveClassState>>;

/** The stored value of a locked field and the one the request would store, comparable. */
function lockedValues(field: (typeof LIVE_CLASS_LOCKED_FIELDS)[number], a: LiveClassState | Current): string {
  switch (field) {
    case 'live_class_type': return a.live_class_type;
    case 'live_class_date': return String(a.live_class_date.getTime());
    case 'timezone': return a.timezone;
    case 'stream_type': return String(a.stream_type_id);
    case 'transmission_url': return a.transmission_url ?? '';
  }
}

/**
 * The values a create or update stores: the request merged into the current values, then spec 3 §5
 * checked on the result. Throws 400 (field → key) or 403 (the score without live_class_set_score).
 */
async function resolveState(db: Db, request: FastifyRequest, input: LiveClassInput, current: Current | null, now: Date): Promise<LiveClassState> {
  const clientId = clientOf(request);
  const fields: Record<string, ErrorCode> = {};

  const type = input.live_class_type ?? current?.live_class_type ?? null;
  const timezone = input.timezone !== undefined ? (input.timezone?.trim() ?? '') : current?.timezone ?? '';
  let start: Date | null = current?.live_class_date ?? null;
  if (input.live_class_date !== undefined) {
    const text = input.live_class_date?.trim() ?? '';
    // a wall-clock time is read in the class's zone; an offset names the instant itself
    start = text ? parseTransmissionDate(text, isValidTimezone(timezone) ? timezone : 'UTC') : null;
    if (text && !start) fields.live_class_date = 'validation_error';
  }
  const streamType = input.stream_type !== undefined ? input.stream_type : current?.stream_type_id ?? null;
  if (streamType !== null && !(await platformTypes(db)).some((p) => p.id === streamType)) fields.stream_type = 'validation_error';
  const url = input.transmission_url !== undefined ? blankToNull(input.transmission_url) : current?.transmission_url ?? null;

  // spec 1 §6.2 live_class_set_score: without it the score keeps its value
  const canSetScore = hasPermission(authOf(request).subject, LIVE_CLASS_SET_SCORE);
  const storedScore = current?.score ?? null;
  if (input.score !== undefined && input.score !== storedScore && !canSetScore) {
    throw new HttpError(403, 'permission_denied', 'You do not have permission to set the live class score', { score: 'permission_denied' });
  }

  const participants = current?.participants ?? [];
  const state: LiveClassState = {
    title: input.title !== undefined ? input.title.trim() : current?.title ?? '',
    description: input.description !== undefined ? sanitizeRichText(input.description) : current?.description ?? '',
    live_class_type: type ?? LIVE_CLASS_DEFAULTS.type,
    live_class_date: start ?? new Date(0),
    timezone,
    stream_type_id: streamType ?? LIVE_CLASS_DEFAULTS.stream_type,
    // an embedded room has no URL of its own
    transmission_url: platformUsesUrl(streamType) ? url : null,
    maximum_participants: input.maximum_participants !== undefined ? input.maximum_participants : current?.maximum_participants ?? null,
    score: input.score !== undefined ? input.score : storedScore,
    workload: input.workload ?? current?.workload ?? LIVE_CLASS_DEFAULTS.workload,
    date_to_unpublish: input.date_to_unpublish !== undefined ? blankToNull(input.date_to_unpublish) : current?.date_to_unpublish ?? null,
    status: input.status ?? current?.status ?? LIVE_CLASS_DEFAULTS.status,
    instructors: [...new Set(input.instructors ?? current?.instructors ?? [])],
    // a closed class's guest list: the one sent, else the participants it has (subscribers of a class turned closed)
    invitees: type === 'closed' ? [...new Set(input.invitees ?? current?.invitees ?? participants)] : null,
    tags: input.tags ?? current?.tags ?? [],
    areas: input.areas ?? current?.areas ?? [],
    profiles: input.profiles ?? current?.profiles ?? [],
    user_groups: input.user_groups ?? current?.user_groups ?? [],
  };

  // spec 3 §5 "The file of a class that has already started cannot be changed."
  if (current && hasStarted(current.live_class_date, now)) {
    for (const field of LIVE_CLASS_LOCKED_FIELDS) {
      if (lockedValues(field, state) !== lockedValues(field, current)) fields[field] = 'live_class_started_locked';
    }
  }

  const readProblems = { ...fields };
  Object.assign(fields, validateLiveClass({
    title: state.title,
    description: state.description,
    live_class_type: type,
    live_class_date: start,
    timezone: state.timezone,
    stream_type: streamType,
    transmission_url: state.transmission_url,
    maximum_participants: state.maximum_participants,
    invitees: state.invitees,
    instructors: state.instructors,
    subscribers: type === 'open' ? participants.length : 0,
    // an unchanged score or status passes as stored
    score: state.score === storedScore ? null : state.score,
    status: state.status === current?.status ? null : state.status,
    areas: state.areas,
    profiles: state.profiles,
    user_groups: state.user_groups,
  }), readProblems);
  if (state.date_to_unpublish && !isApiDate(state.date_to_unpublish)) fields.date_to_unpublish = 'validation_error';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The live class data is not valid', fields);

  const foreign = await foreignAudienceIds(db, clientId, state);
  if ((await nonMembers(db, clientId, state.instructors)).length) foreign.instructors = 'validation_error';
  if (state.invitees && (await nonMembers(db, clientId, state.invitees)).length) foreign.invitees = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/**
 * spec 3 §2 "Live classes" admin editor, spec 1 §2.3 list: list (both envelopes, search,
 * ordering, filters), read, create, update (Finished included: spec 3 §4 "the administrator sets
 * the status to Finished and saves"), soft delete, duplicate; the reference lists (spec 1 §3.8).
 */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = liveClassAccess;
  const { collection } = LIVE_CLASS_PATHS;
  const item = LIVE_CLASS_PATHS.item(':id');
  const answer = async (request: FastifyRequest, id: number) => {
    const record = await loadLiveClass(app.db, clientOf(request), id, new Date());
    if (!record) throw liveClassNotFound();
    return record;
  };

  app.get(collection, { config: { access: guard.read }, schema: { querystring: LiveClassListQuery, response: listResponse(LiveClassListItem) } }, async (request, reply) => {
    const { status, live_class_type: type, stream_type: streamType, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    // deleted classes show only when the status filter asks for them
    const statusFiltered = status !== undefined || list.filters.some((f) => f.column === LIST_SPEC.filters!.status);
    const qb = liveClassListQuery(app.db, clientOf(request), { status, statusFiltered, type, streamType });
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'live_classes', list, await toListItems(app.db, rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: LiveClass } } }, async (request) => {
    await liveClassOr404(app.db, request, request.params.id);
    return answer(request, request.params.id);
  });

  app.post(collection, { config: { access: guard.write }, schema: { body: LiveClassInput, response: { 201: LiveClass } } }, async (request, reply) => {
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null, new Date());
      return insertLiveClass(trx, clientOf(request), authOf(request).user.id, state);
    });
    return reply.status(201).send(await answer(request, id));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: LiveClassInput, response: { 200: LiveClass } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      // locked: a save that lowers the seats or rewrites the guest list waits for subscriptions in flight
      const row = await lockLiveClass(trx, clientId, id);
      if (!row) throw liveClassNotFound();
      const state = await resolveState(trx, request, request.body, await liveClassState(trx, row), new Date());
      if (!(await updateLiveClass(trx, clientId, id, state))) throw liveClassNotFound();
      // spec 3 §4: Finished attributes the results — participants with nothing left complete now
      if (state.status === LIVE_CLASS_STATUS.finished && row.status !== LIVE_CLASS_STATUS.finished) {
        const finished = await findLiveClass(trx, clientId, id);
        if (finished) await completeFinishedClass(trx, app.config, finished);
      }
    });
    return answer(request, id);
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: LiveClass } } }, async (request) => {
    await liveClassOr404(app.db, request, request.params.id);
    if (!(await deleteLiveClass(app.db, clientOf(request), request.params.id))) throw liveClassNotFound();
    return answer(request, request.params.id);
  });

  app.get(LIVE_CLASS_PATHS.duplicate(':id'), { config: { access: guard.write }, schema: { params: IdParams, response: { 200: LiveClassDuplicated } } }, async (request) => {
    const source = await liveClassOr404(app.db, request, request.params.id);
    const { user } = authOf(request);
    const title = copyTitle(source.title, translate(user.language_id, 'trainings.copy_suffix'));
    const newId = await app.db.transaction().execute((trx) => duplicateLiveClass(trx, clientOf(request), source.id, user.id, title));
    if (newId === null) throw liveClassNotFound();
    return { live_class_duplicated_id: newId };
  });

  // ---- reference lists (spec 1 §3.8) ----
  app.get(LIVE_CLASS_PATHS.platformTypes, { config: { access: guard.read }, schema: { response: { 200: Type.Array(LiveClassPlatformOption) } } }, async (request) => {
    const { user } = authOf(request);
    return (await platformTypes(app.db)).map((p) => ({
      id: p.id, slug: p.slug, label: translate(user.language_id, `live_classes.platforms.${p.slug}`), uses_url: p.uses_url,
    }));
  });
  app.get(LIVE_CLASS_PATHS.scores, { config: { access: guard.read }, schema: { response: { 200: Type.Array(LiveClassScoreOption) } } }, async () =>
    LIVE_CLASS_SCORES.map((score) => ({ score, label: String(score) })));
  app.get(LIVE_CLASS_PATHS.timezones, { config: { access: guard.read }, schema: { response: { 200: Type.Array(WebcastTimezoneOption) } } }, async () =>
    timezoneOptions());
};
export default admin;
