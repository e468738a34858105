/**
 * Podcasts (spec 3 §3 "Podcast", §4): podcasts with their tags and audience,
 * playlists of ordered podcasts, and each learner's listened position. Reactions live in
 * content_reactions (content_type 'podcast', learner/reactions.ts), comments in comments
 * (origin 'podcast'). Every query is scoped to the selected client.
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  COMMENT_STATUS, type CatalogueQuery, type LearnerPodcastCard, type Playlist, type Podcast, type PodcastProgressState,
} from '@lp/shared/contract';
import { PODCAST_LISTENED_PERCENT, PODCAST_STATUS, listenedPercent } from '@lp/shared/rules';
import type { Database, Db } from '../db/database.ts';
import type { PodcastPlaylistRow, PodcastProgressRow, PodcastRow } from '../db/tables/podcast.table.ts';
import type { MediaUrls } from '../plugins/app/mediaLinks.ts';
import { inAudience, linkedTo, readAudiences, tagNames, type Audience, type AudienceMember } from '../content/audience/index.ts';
import { audienceOrTrail } from './trailAudience.ts';
import { reactionsOf } from './learner/reactions.ts';

// ---- admin ----

export function podcastQuery(db: Db, clientId: number) {
  return db.selectFrom('podcasts')
    .selectAll('podcasts')
    .select((eb) => [
      eb.selectFrom('podcast_progress').select((p) => p.fn.countAll<number>().as('n'))
        .whereRef('podcast_progress.podcast_id', '=', 'podcasts.id').as('listeners'),
      eb.selectFrom('podcast_progress').select((p) => p.fn.countAll<number>().as('n'))
        .whereRef('podcast_progress.podcast_id', '=', 'podcasts.id').where('podcast_progress.status', '=', 'finished').as('finished'),
      eb.selectFrom('content_reactions').select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('content_reactions.content_id', '=', 'podcasts.id')
        .where('content_reactions.content_type', '=', 'podcast').where('content_reactions.liked', '=', true).as('likes'),
      eb.selectFrom('comments').select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('comments.origin_id', '=', 'podcasts.id')
        .where('comments.origin', '=', 'podcast').where('comments.status', '!=', COMMENT_STATUS.deleted).as('comments'),
    ])
    .where('podcasts.client_id', '=', clientId);
}
type PodcastJoin = Awaited<ReturnType<ReturnType<typeof podcastQuery>['execute']>>[number];

/** A podcast's tags and audience, as the form reads and writes them. */
export type PodcastLinks = Audience<'podcast'>;

export async function toPodcasts(db: Db, urls: MediaUrls, rows: PodcastJoin[]): Promise<Podcast[]> {
  const links = await readAudiences(db, 'podcast', rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    image_url: r.image_url,
    status: r.status,
    date_to_unpublish: r.date_to_unpublish,
    resource: r.resource,
    resource_url: urls(r.resource),
    file_name: r.file_name,
    extension: r.extension,
    size: Number(r.size),
    duration: Number(r.duration),
    ...links.get(r.id)!,
    listeners: Number(r.listeners ?? 0),
    finished: Number(r.finished ?? 0),
    likes: Number(r.likes ?? 0),
    comments: Number(r.comments ?? 0),
    published_at: r.published_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function findPodcast(db: Db, clientId: number, id: number): Promise<PodcastRow | undefined> {
  return db.selectFrom('podcasts').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

// ---- playlists ----

export function playlistQuery(db: Db, clientId: number) {
  return db.selectFrom('podcast_playlists').selectAll('podcast_playlists').where('podcast_playlists.client_id', '=', clientId);
}

export async function playlistItems(db: Db, playlistIds: number[]) {
  if (playlistIds.length === 0) return [];
  return db.selectFrom('podcast_playlist_items as i').innerJoin('podcasts', 'podcasts.id', 'i.podcast_id')
    .select(['i.playlist_id', 'i.position', 'podcasts.id', 'podcasts.title', 'podcasts.duration', 'podcasts.status'])
    .where('i.playlist_id', 'in', playlistIds)
    .orderBy('i.playlist_id').orderBy('i.position')
    .execute();
}

export async function toPlaylists(db: Db, rows: PodcastPlaylistRow[]): Promise<Playlist[]> {
  const items = await playlistItems(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const podcasts = items.filter((i) => i.playlist_id === r.id)
      .map((i) => ({ id: i.id, title: i.title, duration: Number(i.duration), status: i.status }));
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      podcasts,
      total_duration: Math.round(podcasts.reduce((sum, p) => sum + p.duration, 0) * 1000) / 1000,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** The whole ordered list replaces the stored one. */
export async function setPlaylistItems(db: Db, playlistId: number, podcastIds: readonly number[]): Promise<void> {
  await db.deleteFrom('podcast_playlist_items').where('playlist_id', '=', playlistId).execute();
  if (podcastIds.length) {
    await db.insertInto('podcast_playlist_items')
      .values(podcastIds.map((podcast_id, i) => ({ playlist_id: playlistId, podcast_id, position: i + 1 })))
      .execute();
  }
}

/** The ids among `ids` that are not podcasts of the client. */
export async function foreignPodcasts(db: Db, clientId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.selectFrom('podcasts').select('id').where('client_id', '=', clientId).where('id', 'in', [...ids]).execute()).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

// ---- learner ----

export interface PodcastViewer {
  clientId: number;
  userId: number;
  member: AudienceMember | null;
  /** YYYY-MM-DD (UTC), against which date_to_unpublish is compared */
  today: string;
}

/**
 * Published podcasts (status 1, before their day to unpublish) of the client whose audience holds
 * the viewer — or, for a podcast's own page (`throughTrails`), held by a published trail of theirs
 * (spec 2 §2.4, trailAudience.ts).
 */
export function visiblePodcasts(db: Db, viewer: PodcastViewer, throughTrails = false) {
  return db.selectFrom('podcasts')
    .where('podcasts.client_id', '=', viewer.clientId)
    .where('podcasts.status', '=', PODCAST_STATUS.published)
    .where((eb) => eb.or([eb('podcasts.date_to_unpublish', 'is', null), eb('podcasts.date_to_unpublish', '>', viewer.today)]))
    .where(throughTrails ? audienceOrTrail('podcast', 'podcasts.id', viewer.member) : inAudience('podcast', viewer.member));
}

export async function findLearnerPodcast(db: Db, viewer: PodcastViewer, id: number): Promise<PodcastRow | undefined> {
  return visiblePodcasts(db, viewer, true).selectAll('podcasts').where('podcasts.id', '=', id).executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const idList = (text: string | undefined) => (text ?? '').split(',').filter((s) => /^\d{1,9}$/.test(s)).map(Number);

/** spec 3 §2 / spec 1 §2.2 podcast filters: search, progress, favourite, selected areas and groups. */
function filteredPodcasts(db: Db, viewer: PodcastViewer, query: CatalogueQuery) {
  let q = visiblePodcasts(db, viewer);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    q = q.where(sql<SqlBool>`(lower(${sql.ref('podcasts.title')}) like ${pattern} escape '\\' or lower(${sql.ref('podcasts.description')}) like ${pattern} escape '\\')`);
  }
  const progressIn = (states: Array<'ongoing' | 'finished'>) => (eb: ExpressionBuilder<Database, 'podcasts'>) =>
    eb.exists(eb.selectFrom('podcast_progress as pp').select('pp.podcast_id')
      .whereRef('pp.podcast_id', '=', 'podcasts.id').where('pp.user_id', '=', viewer.userId).where('pp.status', 'in', states));
  if (query.progress === 'not_started') q = q.where((eb) => eb.not(progressIn(['ongoing', 'finished'])(eb)));
  else if (query.progress === 'ongoing') q = q.where(progressIn(['ongoing']));
  else if (query.progress === 'finished') q = q.where(progressIn(['finished']));
  if (query.favorite === 'favorites') {
    q = q.where((eb) => eb.exists(eb.selectFrom('content_reactions as cr').select('cr.id')
      .whereRef('cr.content_id', '=', 'podcasts.id')
      .where('cr.content_type', '=', 'podcast').where('cr.user_id', '=', viewer.userId).where('cr.favorite', '=', true)));
  }
  const areas = idList(query.selected_areas);
  if (areas.length) q = q.where(linkedTo('podcast', 'areas', areas));
  const groups = idList(query.selected_groups);
  if (groups.length) q = q.where(linkedTo('podcast', 'user_groups', groups));
  return q;
}

export const PODCAST_PAGE_SIZE = 20;

export async function learnerPodcastPage(db: Db, viewer: PodcastViewer, query: CatalogueQuery): Promise<{ count: number; results: LearnerPodcastCard[] }> {
  const pageSize = query.page_size ?? PODCAST_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filteredPodcasts(db, viewer, query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll('podcasts')
      .orderBy(sql`coalesce(${sql.ref('podcasts.published_at')}, ${sql.ref('podcasts.created_at')})`, 'desc')
      .orderBy('podcasts.id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { count: Number(total.n), results: await podcastCards(db, viewer, rows) };
}

export const progressStateOf = (row: PodcastProgressRow | undefined): PodcastProgressState =>
  !row ? 'not_started' : row.status === 'finished' ? 'finished' : 'ongoing';

/** The cards of podcasts the viewer may hear, in their order: reactions, progress and tags in four queries. */
export async function podcastCards(db: Db, viewer: PodcastViewer, rows: readonly PodcastRow[]): Promise<LearnerPodcastCard[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [reactions, progress, tags] = await Promise.all([
    reactionsOf(db, viewer.clientId, viewer.userId, 'podcast', ids),
    db.selectFrom('podcast_progress').selectAll().where('user_id', '=', viewer.userId).where('podcast_id', 'in', ids).execute(),
    tagNames(db, 'podcast', ids),
  ]);
  const own = new Map(progress.map((p) => [p.podcast_id, p]));
  return rows.map((row) => {
    const mine = own.get(row.id);
    return {
      ...reactions.get(row.id)!,
      id: row.id,
      title: row.title,
      description: row.description,
      image_url: row.image_url,
      duration: Number(row.duration),
      tags: tags.get(row.id) ?? [],
      status: progressStateOf(mine),
      percent: mine ? Number(mine.percent) : 0,
      position_seconds: mine ? Number(mine.position_seconds) : 0,
    };
  });
}

export async function findProgress(db: Db, podcastId: number, userId: number): Promise<PodcastProgressRow | undefined> {
  return db.selectFrom('podcast_progress').selectAll().where('podcast_id', '=', podcastId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Stores where the player is: the position is the latest reported (the learner resumes there),
 * the percent heard never goes down, and from PODCAST_LISTENED_PERCENT (or the end) it is
 * finished for good.
 */
export async function recordPodcastProgress(
  db: Db, podcast: Pick<PodcastRow, 'id' | 'duration'>, userId: number, report: { positionSeconds: number; ended: boolean },
): Promise<PodcastProgressRow> {
  const duration = Number(podcast.duration);
  const position = duration > 0 ? Math.min(report.positionSeconds, duration) : report.positionSeconds;
  const current = await findProgress(db, podcast.id, userId);
  const percent = Math.max(current ? Number(current.percent) : 0, report.ended ? 100 : listenedPercent(position, duration));
  const finished = current?.status === 'finished' || percent >= PODCAST_LISTENED_PERCENT;
  const now = new Date();
  const values = {
    // an ended audio starts again from the beginning next time
    position_seconds: report.ended ? 0 : position,
    percent,
    status: finished ? 'finished' as const : 'ongoing' as const,
    finished_at: finished ? (current?.finished_at ?? now) : null,
    updated_at: now,
  };
  await db.insertInto('podcast_progress').values({ podcast_id: podcast.id, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['podcast_id', 'user_id']).doUpdateSet({
      position_seconds: values.position_seconds,
      // two reports racing: the highest percent wins, and finished stays finished
      percent: sql<number>`case when ${sql.ref('podcast_progress.percent')} > ${percent} then ${sql.ref('podcast_progress.percent')} else ${percent} end`,
      status: sql<'ongoing' | 'finished'>`case when ${sql.ref('podcast_progress.status')} = 'finished' then 'finished' else ${values.status} end`,
      finished_at: sql<Date | null>`coalesce(${sql.ref('podcast_progress.finished_at')}, ${values.finished_at})`,
      updated_at: now,
    }))
    .execute();
  return (await findProgress(db, podcast.id, userId))!;
}

/** Playlists with at least one podcast the viewer may hear, each with only those, in order. */
export async function learnerPlaylists(db: Db, viewer: PodcastViewer) {
  const playlists = await db.selectFrom('podcast_playlists').selectAll().where('client_id', '=', viewer.clientId)
    .orderBy('title').orderBy('id').execute();
  if (playlists.length === 0) return [];
  const items = await db.selectFrom('podcast_playlist_items').select(['playlist_id', 'podcast_id', 'position'])
    .where('playlist_id', 'in', playlists.map((p) => p.id)).orderBy('playlist_id').orderBy('position').execute();
  const ids = [...new Set(items.map((i) => i.podcast_id))];
  const visible = ids.length ? await visiblePodcasts(db, viewer).selectAll('podcasts').where('podcasts.id', 'in', ids).execute() : [];
  const cards = new Map((await podcastCards(db, viewer, visible)).map((c) => [c.id, c]));
  return playlists.map((p) => {
    const podcasts = items.filter((i) => i.playlist_id === p.id).map((i) => cards.get(i.podcast_id)).filter((c): c is LearnerPodcastCard => !!c);
    return {
      id: p.id,
      title: p.title,
      description: p.description,
      total_duration: Math.round(podcasts.reduce((sum, c) => sum + c.duration, 0) * 1000) / 1000,
      podcasts,
    };
  }).filter((p) => p.podcasts.length > 0);
}

/** The client's podcast as the list shows it (none or one row). */
export async function podcastRows(db: Db, clientId: number, id: number) {
  return podcastQuery(db, clientId).where('podcasts.id', '=', id).execute();
}

/** The client's podcasts, of one status when given; the list helper pages it. */
export function podcastListQuery(db: Db, clientId: number, status: number | undefined) {
  let query = podcastQuery(db, clientId);
  if (status !== undefined) query = query.where('podcasts.status', '=', status);
  return query;
}

/** The client's playlist as the list shows it (none or one row). */
export async function playlistRows(db: Db, clientId: number, id: number) {
  return playlistQuery(db, clientId).where('podcast_playlists.id', '=', id).execute();
}
