import { todayApiDate, formErrorCode, validateWelcomeBanner, welcomeBannerConflict, type WelcomeBannerType } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_RESOURCES, BANNER_PATHS, CurrentWelcomeBanner, IdParams, ListQuery, NoContent, WelcomeBanner, WelcomeBannerConflictAnswer, WelcomeBannerConflictQuery, WelcomeBannerInput,
} from '@lp/shared/contract';
import { audienceMember, foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { lockClientRow } from '../../repositories/clients.ts';
import { actingUserOf, revokeFamily } from '../../repositories/tokens.ts';
import {
  activeWelcomeBannerSlots, confirmWelcomeBanner, currentWelcomeBanner, deleteWelcomeBanner, EMPTY_WELCOME_BANNER, findWelcomeBanner, insertWelcomeBanner, toWelcomeBanners, updateWelcomeBanner, visibleWelcomeBanner, welcomeBannerQuery, welcomeBannerRows, welcomeBannerState, type WelcomeBannerState,
} from '../../repositories/welcomeBanners.ts';
import { keepOrClear } from '../banners/common.ts';
import { titleAccess } from '../../lib/access.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['welcome_banners.title'],
  sortable: {
    id: 'welcome_banners.id', title: 'welcome_banners.title', status: 'welcome_banners.status', start_date: 'welcome_banners.start_date',
    end_date: 'welcome_banners.end_date', created_at: 'welcome_banners.created_at', updated_at: 'welcome_banners.updated_at',
  },
  defaultOrdering: '-start_date',
  filters: { status: 'welcome_banners.status', welcome_banner_type: 'welcome_banners.welcome_banner_type' },
};

/**
 * Welcome-banner writes of one client run one at a time (Postgres: the client row locked for
 * the transaction; SQLite writes are serial already), so two saves cannot both pass the
 * conflict check and overlap.
 */
const lockClient = lockClientRow;

/**
 * The request merged into the stored values, checked with the shared rules (shared/src/banners.ts):
 * the fields (400), then spec 3 §5 "one active welcome banner per audience and period" against
 * the client's other active ones (409). Nothing is saved on a refusal.
 */
async function resolveState(db: Db, request: FastifyRequest, input: WelcomeBannerInput, current: WelcomeBannerState | null): Promise<WelcomeBannerState> {
  const clientId = clientOf(request);
  const base = current ?? EMPTY_WELCOME_BANNER;
  const text = (value: string | null | undefined, stored: string) => (value === undefined ? stored : (value ?? '').trim());
  const state: WelcomeBannerState = {
    welcome_banner_type: (input.welcome_banner_type !== undefined ? input.welcome_banner_type.trim() : base.welcome_banner_type) as WelcomeBannerType,
    title: text(input.title, base.title),
    text: input.text !== undefined ? sanitizeRichText(input.text ?? '') : base.text,
    desktop_image: text(input.desktop_image, base.desktop_image),
    mobile_image: keepOrClear(input.mobile_image, base.mobile_image),
    start_date: text(input.start_date, base.start_date),
    end_date: keepOrClear(input.end_date, base.end_date),
    just_confirm: input.just_confirm ?? base.just_confirm,
    user_logout: input.user_logout ?? base.user_logout,
    status: input.status ?? base.status,
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? base.user_groups,
  };
  const today = todayApiDate();
  const fields = validateWelcomeBanner(state, { today, storedStartDate: current?.start_date ?? null });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The welcome banner is not valid', fields);
  const foreign = await foreignAudienceIds(db, clientId, state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

async function refuseConflict(db: Db, clientId: number, id: number | null, state: WelcomeBannerState): Promise<void> {
  const others = await activeWelcomeBannerSlots(db, clientId, state.start_date);
  const conflict = welcomeBannerConflict({ ...state, id }, others);
  if (!conflict) return;
  const other = others.find((o) => o.id === conflict.id)!;
  throw new HttpError(409, conflict.code, `Welcome banner #${other.id} "${other.title}" is active for this audience in this period`, {
    start_date: conflict.code, end_date: conflict.code,
  });
}

/**
 * spec 3 §2 banners-welcome (title slug banners_welcome), §3, §5, §7 "A welcome-banner conflict
 * check exists": list, read, create, update, delete and the conflict check under
 * /admin_banners/welcome_banners/.
 */
export const welcomeBannersAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.welcome_banners.title);
  const item = `${BANNER_PATHS.welcomeCollection}:id/`;

  async function answer(clientId: number, id: number): Promise<WelcomeBanner> {
    const [banner] = await toWelcomeBanners(app.db, await welcomeBannerRows(app.db, clientId, id));
    if (!banner) throw notFound();
    return banner;
  }

  app.get(BANNER_PATHS.welcomeCollection, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(WelcomeBanner) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(welcomeBannerQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'welcome_banners', list, await toWelcomeBanners(app.db, rows), total);
  });

  app.post(BANNER_PATHS.welcomeConflict, {
    config: { access: guard }, schema: { body: WelcomeBannerConflictQuery, response: { 200: WelcomeBannerConflictAnswer } },
  }, async (request) => {
    const { id = null, start_date: start, end_date: end = null, areas = [], profiles = [], user_groups: groups = [] } = request.body;
    const others = await activeWelcomeBannerSlots(app.db, clientOf(request), start);
    const conflict = welcomeBannerConflict({ id, status: 1, start_date: start, end_date: end || null, areas, profiles, user_groups: groups }, others);
    if (!conflict) return { conflict: null };
    const other = others.find((o) => o.id === conflict.id)!;
    return { conflict: { code: conflict.code, id: other.id, title: other.title, start_date: other.start_date, end_date: other.end_date } };
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: WelcomeBanner } } }, async (request) =>
    answer(clientOf(request), request.params.id));

  app.post(BANNER_PATHS.welcomeCollection, {
    config: { access: guard }, schema: { body: WelcomeBannerInput, response: { 201: WelcomeBanner } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      await lockClient(trx, clientId);
      const state = await resolveState(trx, request, request.body, null);
      await refuseConflict(trx, clientId, null, state);
      return insertWelcomeBanner(trx, clientId, authOf(request).user.id, state);
    });
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(item, { config: { access: guard }, schema: { params: IdParams, body: WelcomeBannerInput, response: { 200: WelcomeBanner } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      await lockClient(trx, clientId);
      const row = await findWelcomeBanner(trx, clientId, id);
      if (!row) throw notFound();
      const state = await resolveState(trx, request, request.body, await welcomeBannerState(trx, row));
      await refuseConflict(trx, clientId, id, state);
      if (!(await updateWelcomeBanner(trx, clientId, id, state))) throw notFound();
    });
    return answer(clientId, id);
  });

  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: WelcomeBanner } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(clientId, request.params.id);
    if (!(await deleteWelcomeBanner(app.db, clientId, request.params.id))) throw notFound();
    return before;
  });
};

/**
 * The portal's welcome banner (spec 3 §3, §4): the one to show after login, its confirmation
 * (recorded per learner and login), and — for a banner with user_logout — the decline, which
 * ends the session on the server before the portal leaves.
 */
export const welcomeBannersLearner: FastifyPluginAsyncTypebox = async (app) => {

  async function who(request: FastifyRequest) {
    const auth = authOf(request);
    const member = await audienceMember(app.db, clientOf(request), auth.user.id);
    return { auth, member };
  }

  app.get(BANNER_PATHS.learnerWelcome, { config: { access: 'authenticated' }, schema: { response: { 200: CurrentWelcomeBanner } } }, async (request) => {
    const { auth, member } = await who(request);
    // an administrator in the administrative view must not use up the learner's banner
    if (!member || (await actingUserOf(app.db, auth.familyId))) return { banner: null };
    return { banner: await currentWelcomeBanner(app.db, member, auth.familyId, todayApiDate()) };
  });

  async function bannerOr404(request: FastifyRequest, id: number) {
    const { auth, member } = await who(request);
    const row = member ? await visibleWelcomeBanner(app.db, member, id, todayApiDate()) : undefined;
    if (!row) throw notFound();
    return { auth, row };
  }

  app.post(BANNER_PATHS.learnerWelcomeConfirm(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { auth, row } = await bannerOr404(request, request.params.id);
    await confirmWelcomeBanner(app.db, row.id, auth.user.id, auth.familyId);
    return reply.status(204).send();
  });

  app.post(BANNER_PATHS.learnerWelcomeDecline(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { auth, row } = await bannerOr404(request, request.params.id);
    const state = await welcomeBannerState(app.db, row);
    if (!state.user_logout) throw new HttpError(400, 'welcome_banner_decline_not_allowed', 'This welcome banner cannot be declined');
    await revokeFamily(app.db, auth.familyId);
    await app.realtime.endSessions({ familyId: auth.familyId });
    return reply.status(204).send();
  });
};

/** Welcome banners: the admin's under /admin_banners/welcome_banners/, the portal's under /welcome_banners/. */
const welcomeBanners: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(welcomeBannersAdmin);
  await app.register(welcomeBannersLearner);
};
export default welcomeBanners;
