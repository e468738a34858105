import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { NEWS_DEFAULT_STATUS, cleanNewsText, formErrorCode, formatNewsDate, parseNewsDate, validateNews } from '@lp/shared/rules';
import { NEWS_PATHS, News, NewsInput, NewsListQuery, type ErrorCode, NewsListItem } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  deleteNews, findNews, insertNews, loadNews, newsListQueryOf, newsState, toNewsListItems, updateNews, type NewsState,
} from '../../repositories/news.ts';
import { titleAccess } from '../../lib/access.ts';
import { IdParams } from '../../lib/params.ts';

/** spec 3 §2 / spec 1 §2.3: the news admin's title slug; spec 3 §6 has no separate manage key. */
export const NEWS_TITLE = 'news';


const LIST_SPEC: ListSpec = {
  searchColumns: ['news.title'],
  sortable: {
    id: 'news.id', title: 'news.title', status: 'news.status', publish_date: 'news.publish_date', unpublish_date: 'news.unpublish_date',
    created_at: 'news.created_at', updated_at: 'news.updated_at',
  },
  defaultOrdering: '-created_at',
  filters: { status: 'news.status' },
};

const EMPTY: NewsState = {
  title: '', image_url: null, content: '', status: NEWS_DEFAULT_STATUS, timezone: null, publish_date: null, unpublish_date: null,
  alt_texts: {}, tags: [], areas: [], profiles: [], user_groups: [],
};

/** The news image is a URL of ours (the crop input's upload) or an http(s) address. */
const IMAGE_URL = /^(https?:\/\/\S+|\/media\/\S+)$/i;

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/**
 * The values a create or update stores: the request over the current values ("tags, areas,
 * profiles and user_groups are sent only when non-empty", so a list left out is empty), the
 * content sanitised, emoticons stripped (spec 3 §5), then the §5 rules on the result.
 */
async function resolveState(db: Db, request: FastifyRequest, input: NewsInput, current: NewsState | null): Promise<NewsState> {
  const base = current ?? EMPTY;
  const timezone = input.timezone !== undefined ? blankToNull(input.timezone) : base.timezone;
  const wire = (value: string | null | undefined, stored: Date | null) =>
    value !== undefined ? blankToNull(value) : stored && formatNewsDate(stored, base.timezone);
  const alts = input.news_image_alt_texts
    ? Object.fromEntries(Object.entries(input.news_image_alt_texts).filter(([, text]) => text !== undefined))
    : base.alt_texts;
  const cleaned = cleanNewsText({
    title: input.title ?? base.title,
    content: input.content !== undefined ? sanitizeRichText(input.content) : base.content,
    news_image_alt_texts: alts as Record<string, string | null>,
  });
  const values = {
    title: cleaned.title ?? '',
    content: cleaned.content ?? '',
    status: input.status ?? base.status,
    timezone,
    publish_date: wire(input.publish_date, base.publish_date),
    unpublish_date: wire(input.unpublish_date, base.unpublish_date),
    tags: input.tags ?? [],
    areas: input.areas ?? [],
    profiles: input.profiles ?? [],
    user_groups: input.user_groups ?? [],
    news_image_alt_texts: cleaned.news_image_alt_texts,
  };
  const fields: Record<string, ErrorCode> = validateNews(values);
  const image = input.image_url !== undefined ? blankToNull(input.image_url) : base.image_url;
  if (image && !IMAGE_URL.test(image)) fields.image_url = 'validation_error';
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The news item is not valid', fields);

  const state: NewsState = {
    title: values.title,
    image_url: image,
    content: values.content,
    status: values.status,
    timezone,
    publish_date: values.publish_date ? parseNewsDate(values.publish_date) : null,
    unpublish_date: values.unpublish_date ? parseNewsDate(values.unpublish_date) : null,
    alt_texts: Object.fromEntries(Object.entries(values.news_image_alt_texts ?? {}).filter((e): e is [string, string] => !!e[1])),
    tags: values.tags,
    areas: values.areas,
    profiles: values.profiles,
    user_groups: values.user_groups,
  };
  const foreign = await foreignAudienceIds(db, clientOf(request), state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/**
 * spec 3 §7 "News": GET N/, POST /admin_news/news/, PUT N/ (JSON), with the list and delete the
 * admin list needs. Everything needs the title slug news (spec 3 §6).
 */
const adminNews: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(NEWS_TITLE);
  const { collection } = NEWS_PATHS;
  const item = `${collection}:id/`;
  const answer = async (request: FastifyRequest, id: number) => {
    const news = await loadNews(app.db, clientOf(request), id, app.origins(request).app);
    if (!news) throw notFound();
    return news;
  };

  app.get(collection, { config: { access: guard }, schema: { querystring: NewsListQuery, response: listResponse(NewsListItem) } }, async (request, reply) => {
    const { status, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    const clientId = clientOf(request);
    const qb = newsListQueryOf(app.db, clientId, status);
    const { rows, total } = await runList(qb, list, LIST_SPEC);
    return sendList(reply, 'news', list, await toNewsListItems(app.db, clientId, rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: News } } }, async (request) => answer(request, request.params.id));

  app.post(collection, { config: { access: guard }, schema: { body: NewsInput, response: { 201: News } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) =>
      insertNews(trx, clientId, authOf(request).user.id, await resolveState(trx, request, request.body, null)));
    return reply.status(201).send(await answer(request, id));
  });

  app.put(item, { config: { access: guard }, schema: { params: IdParams, body: NewsInput, response: { 200: News } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await findNews(trx, clientId, id);
      if (!row) throw notFound();
      const state = await resolveState(trx, request, request.body, await newsState(trx, row));
      if (!(await updateNews(trx, clientId, id, state))) throw notFound();
    });
    return answer(request, id);
  });

  // answers the deleted record, as react-admin's delete expects
  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: News } } }, async (request) => {
    const before = await answer(request, request.params.id);
    await app.db.transaction().execute(async (trx) => {
      if (!(await deleteNews(trx, clientOf(request), request.params.id))) throw notFound();
    });
    return before;
  });
};
export default adminNews;
