/**
 * Webcasts as learners meet them (spec 2 §2.1 'webcasts', 'webcasts/{id}'): the ones of their
 * client that are published, finished or converting their recording, in their audience
 * (the content rule of content/audience),
 * with the list filters, the watch state and the subscription.
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { WEBCAST_STATUS, formatTransmissionDate, webcastWatchState, type WebcastWatchState } from '@lp/shared/rules';
import type { LearnerWebcastCard, WebcastCatalogueQuery } from '@lp/shared/contract';
import type { Database, Db } from '../../db/database.ts';
import type { WebcastRow } from '../../db/tables/webcast.table.ts';
import { inAudience, linkedTo, tagNames, tagsUsedBy } from '../../content/audience/index.ts';
import { altTextFor } from './catalogue.ts';
import { audienceMemberOf, type LearnerContext } from './context.ts';
import { audienceOrTrail } from '../trailAudience.ts';

/** spec 2 §4.12: learners see published webcasts, and finished ones (their recording, tests and evaluation). */
export const LEARNER_WEBCAST_STATUSES = [WEBCAST_STATUS.published, WEBCAST_STATUS.finished, WEBCAST_STATUS.converting];

/**
 * The webcasts the learner may open; nothing when the user is not a member of the selected client.
 * A webcast's own page (`throughTrails`) also opens when a published trail of theirs holds it
 * (spec 2 §2.4, trailAudience.ts); the catalogue keeps the webcast's own audience.
 */
export function visibleWebcasts(db: Db, ctx: LearnerContext, throughTrails = false) {
  const member = audienceMemberOf(ctx);
  return db.selectFrom('webcasts').selectAll('webcasts')
    .where('webcasts.client_id', '=', ctx.clientId)
    .where('webcasts.status', 'in', LEARNER_WEBCAST_STATUSES)
    .where(throughTrails ? audienceOrTrail('webcast', 'webcasts.id', member) : inAudience('webcast', member));
}

export async function findLearnerWebcast(db: Db, ctx: LearnerContext, id: number): Promise<WebcastRow | undefined> {
  return visibleWebcasts(db, ctx, true).where('webcasts.id', '=', id).executeTakeFirst();
}

const ids = (text: string | undefined): number[] => [...new Set((text ?? '').split(',').filter(Boolean).map(Number).filter((n) => n > 0))];

type WebcastsEb = ExpressionBuilder<Database, 'webcasts'>;

/**
 * spec 2 §2.1 webcast filters. progress: not_started (before the transmission), ongoing (live),
 * finished (ended, its recording converting or ready) — the SQL form of webcastWatchState.
 */
export function applyFilters(db: Db, ctx: LearnerContext, query: WebcastCatalogueQuery, now: Date) {
  let qb = visibleWebcasts(db, ctx);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb = qb.where(sql<SqlBool>`lower(webcasts.title) like ${pattern} escape '\\'`);
  }
  const tags = ids(query.tags);
  if (tags.length) qb = qb.where(linkedTo('webcast', 'tags', tags, { all: query.all_tags === true }));
  const areas = ids(query.areas);
  if (areas.length) qb = qb.where(linkedTo('webcast', 'areas', areas, { all: query.all_areas === true }));
  const groups = ids(query.groups);
  if (groups.length) qb = qb.where(linkedTo('webcast', 'user_groups', groups));

  const ended = (eb: WebcastsEb) => eb.or([
    eb('webcasts.status', 'in', [WEBCAST_STATUS.finished, WEBCAST_STATUS.converting]), eb('webcasts.transmission_completed', '=', true),
  ]);
  const started = (eb: WebcastsEb) => eb.or([
    eb.and([eb('webcasts.webcast_type_id', '=', 2), eb('webcasts.hls_path', 'is not', null)]),
    eb.and([eb('webcasts.webcast_type_id', '!=', 2), eb('webcasts.transmission_date', '<=', now.toISOString())]),
  ]);
  if (query.progress === 'finished') qb = qb.where(ended);
  else if (query.progress === 'ongoing') qb = qb.where((eb) => eb.and([eb.not(ended(eb)), started(eb)]));
  else if (query.progress === 'not_started') qb = qb.where((eb) => eb.and([eb.not(ended(eb)), eb.not(started(eb))]));
  return qb;
}

export function watchStateOf(row: WebcastRow, now: Date): WebcastWatchState {
  return webcastWatchState({
    webcast_type: row.webcast_type_id,
    status: row.status,
    transmission_date: new Date(row.transmission_date),
    transmission_completed: row.transmission_completed,
    transmission_downloaded: row.transmission_downloaded,
    has_hls: row.hls_path !== null,
  }, now);
}

/** The cards of the rows, in their order. */
export async function webcastCards(db: Db, ctx: LearnerContext, rows: WebcastRow[], now: Date): Promise<LearnerWebcastCard[]> {
  const idList = rows.map((r) => r.id);
  if (idList.length === 0) return [];
  const [tags, subscribed] = await Promise.all([
    tagNames(db, 'webcast', idList),
    db.selectFrom('webcast_subscribers').select('webcast_id').where('webcast_id', 'in', idList).where('user_id', '=', ctx.userId).execute(),
  ]);
  const mine = new Set(subscribed.map((s) => s.webcast_id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    image: r.image_url,
    image_alt_text: altTextFor(r, ctx.languageId),
    webcast_type: r.webcast_type_id,
    status: r.status,
    state: watchStateOf(r, now),
    transmission_date: formatTransmissionDate(new Date(r.transmission_date), r.timezone),
    timezone: r.timezone,
    workload: Number(r.workload),
    score: r.score,
    tags: tags.get(r.id) ?? [],
    subscribed: mine.has(r.id),
  }));
}

/** A page of the learner's catalogue (the latest transmission first) and how many match. */
export async function learnerWebcastPage(db: Db, ctx: LearnerContext, query: WebcastCatalogueQuery, now: Date, page: { offset: number; limit: number }) {
  const base = applyFilters(db, ctx, query, now);
  const [total, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.orderBy('webcasts.transmission_date', 'desc').orderBy('webcasts.id', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { count: Number(total.n), rows };
}

/** The client's tags carried by webcasts the learner sees: the catalogue's tag choices. */
export async function learnerWebcastTags(db: Db, ctx: LearnerContext): Promise<Array<{ id: number; name: string }>> {
  return tagsUsedBy(db, 'webcast', ctx.clientId, visibleWebcasts(db, ctx).clearSelect().select('webcasts.id'));
}
