/**
 * News (spec 3 §3 "FAQ and news", §4, §7): the item with its tags and audience, the admin list,
 * and what a learner sees — published items within their dates whose audience holds the user
 * (the training rule: one of its user groups, or the user's profile and one of their areas
 * both chosen) — and who opened what. Every function that takes an id from a request also
 * takes the selected client, so another client's row is never read or written.
 */
import { sql, type SqlBool } from 'kysely';
import { CONTENT_LANGUAGES, LANGUAGES, NEWS_STATUS, formatNewsDate, htmlExcerpt, newsPublication, newsPublicUrl } from '@lp/shared/rules';
import type { LearnerNewsCard, News, NewsListItem } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { sqlTime } from '../db/computed.ts';
import type { NewsRow } from '../db/tables/newsFaq.table.ts';
import type { ImageAltTexts } from '../db/tables/training.table.ts';
import { inAudience, readAudience, writeAudience, type AudienceMember } from '../content/audience/index.ts';
import { audienceOrTrail } from './trailAudience.ts';

/** Everything the editor stores, in storage terms (dates as instants, links as id lists). */
export interface NewsState {
  title: string;
  image_url: string | null;
  content: string;
  status: number;
  timezone: string | null;
  publish_date: Date | null;
  unpublish_date: Date | null;
  alt_texts: Record<string, string>;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

const dateOrNull = (value: Date | string | null): Date | null => (value == null ? null : new Date(value));

export async function findNews(db: Db, clientId: number, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** The GET N/ shape (spec 3 §3): dates with the offset of the item's timezone, alt texts as a list. */
export async function loadNews(db: Db, clientId: number, id: number, site: string): Promise<News | null> {
  const row = await findNews(db, clientId, id);
  if (!row) return null;
  const links = await readAudience(db, 'news', id);
  const texts = row.image_alt_texts;
  const publish = dateOrNull(row.publish_date);
  const unpublish = dateOrNull(row.unpublish_date);
  return {
    id: row.id,
    title: row.title,
    image_url: row.image_url,
    content: row.content,
    status: row.status,
    timezone: row.timezone,
    publish_date: publish && formatNewsDate(publish, row.timezone),
    unpublish_date: unpublish && formatNewsDate(unpublish, row.timezone),
    ...links,
    news_image_alt_texts: CONTENT_LANGUAGES.flatMap((language) => {
      const text = texts[language];
      return typeof text === 'string' && text ? [{ language, alt_text: text }] : [];
    }),
    portal_url: newsPublicUrl(site, row.id),
    publication: newsPublication({ status: row.status, publish_date: publish, unpublish_date: unpublish }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored values, as the write path merges a request into them. */
export async function newsState(db: Db, row: NewsRow): Promise<NewsState> {
  return {
    title: row.title,
    image_url: row.image_url,
    content: row.content,
    status: row.status,
    timezone: row.timezone,
    publish_date: dateOrNull(row.publish_date),
    unpublish_date: dateOrNull(row.unpublish_date),
    alt_texts: row.image_alt_texts,
    ...(await readAudience(db, 'news', row.id)),
  };
}

function rowValues(state: NewsState) {
  return {
    title: state.title,
    image_url: state.image_url,
    content: state.content,
    status: state.status,
    timezone: state.timezone,
    publish_date: state.publish_date,
    unpublish_date: state.unpublish_date,
    image_alt_texts: JSON.stringify(state.alt_texts),
  };
}

export async function insertNews(db: Db, clientId: number, createdBy: number, state: NewsState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('news').values({ client_id: clientId, ...rowValues(state), created_by: createdBy, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'news', row.id, state);
  return row.id;
}

export async function updateNews(db: Db, clientId: number, id: number, state: NewsState): Promise<boolean> {
  const res = await db.updateTable('news').set({ ...rowValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeAudience(db, 'news', id, state);
  return true;
}

/** Removes the item with its links, readings and comments (those point at it by origin). */
export async function deleteNews(db: Db, clientId: number, id: number): Promise<boolean> {
  await db.deleteFrom('comments').where('client_id', '=', clientId).where('origin', '=', 'news').where('origin_id', '=', id).execute();
  const res = await db.deleteFrom('news').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- the admin list ----

export function newsListQuery(db: Db, clientId: number) {
  return db.selectFrom('news')
    .select(['news.id', 'news.title', 'news.status', 'news.timezone', 'news.publish_date', 'news.unpublish_date', 'news.created_at', 'news.updated_at'])
    .where('news.client_id', '=', clientId);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof newsListQuery>['execute']>>[number];

export async function toNewsListItems(db: Db, clientId: number, rows: ListRow[]): Promise<NewsListItem[]> {
  const ids = rows.map((r) => r.id);
  const [comments, views] = ids.length
    ? await Promise.all([
      db.selectFrom('comments').select((eb) => ['origin_id', eb.fn.countAll<number>().as('n')])
        .where('client_id', '=', clientId).where('origin', '=', 'news').where('origin_id', 'in', ids).where('status', '!=', 3)
        .groupBy('origin_id').execute(),
      db.selectFrom('news_views').select((eb) => ['news_id', eb.fn.countAll<number>().as('n')]).where('news_id', 'in', ids).groupBy('news_id').execute(),
    ])
    : [[], []];
  const commentCount = new Map(comments.map((r) => [r.origin_id, Number(r.n)]));
  const viewCount = new Map(views.map((r) => [r.news_id, Number(r.n)]));
  const now = new Date();
  return rows.map((r) => {
    const publish = dateOrNull(r.publish_date);
    const unpublish = dateOrNull(r.unpublish_date);
    return {
      id: r.id,
      title: r.title,
      status: r.status,
      publication: newsPublication({ status: r.status, publish_date: publish, unpublish_date: unpublish }, now),
      timezone: r.timezone,
      publish_date: publish && formatNewsDate(publish, r.timezone),
      unpublish_date: unpublish && formatNewsDate(unpublish, r.timezone),
      qty_comments: commentCount.get(r.id) ?? 0,
      qty_views: viewCount.get(r.id) ?? 0,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

// ---- the learner side ----

/**
 * spec 3 §4: published, within its optional dates, in the member's audience — or, for the item's
 * own page (`throughTrails`), held by a published trail of theirs (spec 2 §2.4, trailAudience.ts).
 */
export function visibleNews(db: Db, member: AudienceMember, now: Date = new Date(), throughTrails = false) {
  return db.selectFrom('news')
    .where('news.client_id', '=', member.clientId)
    .where('news.status', '=', NEWS_STATUS.published)
    .where((eb) => eb.or([eb('news.publish_date', 'is', null), eb('news.publish_date', '<=', now.toISOString())]))
    .where((eb) => eb.or([eb('news.unpublish_date', 'is', null), eb('news.unpublish_date', '>', now.toISOString())]))
    .where(throughTrails ? audienceOrTrail('news', 'news.id', member) : inAudience('news', member));
}

/** The alt text in the user's language, else Portuguese, else any. */
function altTextFor(texts: ImageAltTexts, languageId: number): string | null {
  const parsed: Readonly<Record<string, unknown>> = texts;
  const wanted = LANGUAGES.find((l) => l.id === languageId)?.code ?? 'pt-br';
  for (const code of [wanted, 'pt-br', ...Object.keys(parsed)]) {
    const text = parsed[code];
    if (typeof text === 'string' && text.trim()) return text;
  }
  return null;
}

const SUMMARY_LENGTH = 200;
export function newsSummary(html: string): string {
  return htmlExcerpt(html, SUMMARY_LENGTH);
}

/** When an item went out: its publish date, or its creation when it has none. */
const publishedAtSql = sql<string>`coalesce(news.publish_date, news.created_at)`;

export interface LearnerNewsRow {
  card: LearnerNewsCard;
  content: string;
}

function toCard(r: { id: number; title: string; image_url: string | null; image_alt_texts: ImageAltTexts; content: string; published_at: string; read: number | string | null }, languageId: number): LearnerNewsCard {
  return {
    id: r.id,
    title: r.title,
    image_url: r.image_url,
    image_alt_text: altTextFor(r.image_alt_texts, languageId),
    summary: newsSummary(r.content),
    published_at: sqlTime(r.published_at)!,
    read: Number(r.read ?? 0) > 0,
  };
}

function learnerNewsSelect(db: Db, member: AudienceMember, now: Date, throughTrails = false) {
  return visibleNews(db, member, now, throughTrails)
    .select(['news.id', 'news.title', 'news.image_url', 'news.image_alt_texts', 'news.content'])
    .select(publishedAtSql.as('published_at'))
    .select((eb) => eb.selectFrom('news_views as v').select(eb.fn.countAll<number>().as('n'))
      .whereRef('v.news_id', '=', 'news.id').where('v.user_id', '=', member.userId).as('read'));
}

/** The learner's list, newest publication first, a page at a time; `search` looks in the titles. */
export async function learnerNewsPage(
  db: Db, member: AudienceMember, languageId: number, query: { search?: string; offset: number; limit: number }, now: Date = new Date(),
): Promise<{ count: number; results: LearnerNewsCard[] }> {
  const term = query.search?.trim().toLowerCase();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const titled = sql<SqlBool>`lower(news.title) like ${pattern} escape '\\'`;
  const [total, rows] = await Promise.all([
    visibleNews(db, member, now).$if(pattern !== null, (qb) => qb.where(titled))
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    learnerNewsSelect(db, member, now).$if(pattern !== null, (qb) => qb.where(titled))
      .orderBy(publishedAtSql, 'desc').orderBy('news.id', 'desc')
      .limit(query.limit).offset(query.offset)
      .execute(),
  ]);
  return { count: Number(total.n), results: rows.map((r) => toCard(r, languageId)) };
}

/** One item the learner may open, or undefined (unknown, unpublished, out of its dates, another audience and no trail of theirs holds it). */
export async function findLearnerNews(db: Db, member: AudienceMember, languageId: number, id: number, now: Date = new Date()): Promise<LearnerNewsRow | undefined> {
  const row = await learnerNewsSelect(db, member, now, true).where('news.id', '=', id).executeTakeFirst();
  return row && { card: toCard(row, languageId), content: row.content };
}

/** Opening an item is reading it (the comment form opens after that); repeated openings are counted. */
export async function recordNewsView(db: Db, newsId: number, userId: number): Promise<void> {
  const now = new Date();
  await db.insertInto('news_views').values({ news_id: newsId, user_id: userId, first_viewed_at: now, last_viewed_at: now, qty_views: 1 })
    .onConflict((oc) => oc.columns(['news_id', 'user_id']).doUpdateSet((eb) => ({ last_viewed_at: now, qty_views: eb('news_views.qty_views', '+', 1) })))
    .execute();
}


/** The reader opens the item again; false when they never opened it (no reading row). */
export async function touchNewsView(db: Db, newsId: number, userId: number): Promise<boolean> {
  const read = await db.updateTable('news_views').set({ last_viewed_at: new Date() })
    .where('news_id', '=', newsId).where('user_id', '=', userId).executeTakeFirst();
  return Number(read.numUpdatedRows) !== 0;
}

/** The client's news, of one status when given; the list helper pages it. */
export function newsListQueryOf(db: Db, clientId: number, status: number | undefined) {
  return newsListQuery(db, clientId).$if(status !== undefined, (q) => q.where('news.status', '=', status!));
}
