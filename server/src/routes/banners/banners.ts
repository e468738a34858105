import { todayApiDate, formErrorCode, validateBanner, type BannerType } from '@lp/shared/rules';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ADMIN_RESOURCES, BANNER_PATHS, Banner, BannerInput, IdParams, LearnerBannerList, LearnerBannerQuery, ListQuery,
} from '@lp/shared/contract';
import { audienceMember, foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  bannerQuery, bannerRows, bannerState, deleteBanner, EMPTY_BANNER, findBanner, insertBanner, liveBanners, toBanners, updateBanner, type BannerState,
} from '../../repositories/banners.ts';
import { blankToNull, keepOrClear, publicHost } from './common.ts';
import { titleAccess } from '../../lib/access.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['banners.title'],
  sortable: {
    id: 'banners.id', title: 'banners.title', banner_type: 'banners.banner_type', order: 'banners.sort_order', status: 'banners.status',
    start_date: 'banners.start_date', end_date: 'banners.end_date', created_at: 'banners.created_at', updated_at: 'banners.updated_at',
  },
  defaultOrdering: '-created_at',
  filters: { banner_type: 'banners.banner_type', status: 'banners.status' },
};

/**
 * The request merged into the stored values (an omitted field keeps its value), checked with
 * the shared rules (shared/src/banners.ts): 400 with the field keys, nothing saved.
 */
async function resolveState(db: Db, request: FastifyRequest, input: BannerInput, current: BannerState | null, host: string): Promise<BannerState> {
  const base = current ?? EMPTY_BANNER;
  const text = (value: string | null | undefined, stored: string) => (value === undefined ? stored : (value ?? '').trim());
  const state: BannerState = {
    banner_type: (input.banner_type !== undefined ? input.banner_type.trim() : current ? base.banner_type : '') as BannerType,
    title: text(input.title, base.title),
    desktop_image: text(input.desktop_image, base.desktop_image),
    mobile_image: keepOrClear(input.mobile_image, base.mobile_image),
    button_label: text(input.button_label, base.button_label),
    url: text(input.url, base.url),
    background_color: blankToNull(input.background_color) ?? (input.background_color === undefined ? base.background_color : EMPTY_BANNER.background_color),
    text_color: blankToNull(input.text_color) ?? (input.text_color === undefined ? base.text_color : EMPTY_BANNER.text_color),
    order: input.order ?? (input.order === undefined ? base.order : EMPTY_BANNER.order),
    start_date: text(input.start_date, base.start_date),
    end_date: keepOrClear(input.end_date, base.end_date),
    status: input.status ?? base.status,
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? base.user_groups,
  };
  const fields = validateBanner(state, host);
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The banner is not valid', fields);
  const foreign = await foreignAudienceIds(db, clientOf(request), state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/**
 * spec 3 §2 banners (title slug banners), §3 Banner, §5 the URL rule: the admin's list, read,
 * create, update and delete under /admin_banners/banners/.
 */
export const bannersAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.banners.title);
  const host = publicHost(app.config.publicUrl);
  const item = `${BANNER_PATHS.collection}:id/`;

  async function answer(clientId: number, id: number): Promise<Banner> {
    const [banner] = await toBanners(app.db, await bannerRows(app.db, clientId, id));
    if (!banner) throw notFound();
    return banner;
  }

  app.get(BANNER_PATHS.collection, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(Banner) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(bannerQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'banners', list, await toBanners(app.db, rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: Banner } } }, async (request) =>
    answer(clientOf(request), request.params.id));

  app.post(BANNER_PATHS.collection, { config: { access: guard }, schema: { body: BannerInput, response: { 201: Banner } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) =>
      insertBanner(trx, clientId, authOf(request).user.id, await resolveState(trx, request, request.body, null, host)));
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(item, { config: { access: guard }, schema: { params: IdParams, body: BannerInput, response: { 200: Banner } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await findBanner(trx, clientId, id);
      if (!row) throw notFound();
      const state = await resolveState(trx, request, request.body, await bannerState(trx, row), host);
      if (!(await updateBanner(trx, clientId, id, state))) throw notFound();
    });
    return answer(clientId, id);
  });

  // answers the deleted record, as react-admin's delete expects
  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: Banner } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(clientId, request.params.id);
    if (!(await deleteBanner(app.db, clientId, request.params.id))) throw notFound();
    return before;
  });
};

/** The portal's banners (spec 3 §3, §4): the user's audience, active, today within their dates. */
export const bannersLearner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(BANNER_PATHS.learnerBanners, {
    config: { access: 'authenticated' }, schema: { querystring: LearnerBannerQuery, response: { 200: LearnerBannerList } },
  }, async (request) => {
    const member = await audienceMember(app.db, clientOf(request), authOf(request).user.id);
    const results = member ? await liveBanners(app.db, member, todayApiDate(), request.query.banner_type) : [];
    return { count: results.length, results };
  });
};
