/**
 * Webcasts (spec 2 §3.11) for the admin: reads in the contract's shape, the event-data write
 * with its audience links and tags, duplication with everything hanging from it, the guests,
 * and the scheduled unpublish. Every function that takes a webcast id from a request also takes
 * the selected client, so a row of another client is never read or written.
 */
import {
  CONTENT_LANGUAGES, DEFAULT_CLIENT_SETTINGS, DEFAULT_WEBCAST_STATIC_SCORES, WEBCAST_STATUS, formatTransmissionDate, webcastPublicUrl,
  type ContentLanguage,
} from '@lp/shared/rules';
import type { Webcast, WebcastListItem } from '@lp/shared/contract';
import { WEBCAST_OWNER } from '../content/owners.ts';
import { ownedDb } from '../content/ownedDb.ts';
import { copyOwnedContent } from '../content/repository/copy.ts';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusableQuery.ts';
import type { WebcastRow } from '../db/tables/webcast.table.ts';
import { copyAudience, readAudience, tagNames, writeAudience } from '../content/audience/index.ts';
import { mediaUrl } from '../lib/mediaStore.ts';

/** The client parameters webcasts read (spec 2 §1, §3.11). */
export interface WebcastClientFlags {
  webcast_use_score: boolean;
  webcast_use_static_score: boolean;
  use_comments_webcast: boolean;
  /** spec 2 §3.11 webcast_scores: the client's own list, or the default one */
  static_scores: number[];
}

export async function clientWebcastFlags(db: Db, clientId: number): Promise<WebcastClientFlags> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const settings = row?.settings ?? {};
  const flag = (key: 'webcast_use_score' | 'webcast_use_static_score' | 'use_comments_webcast') => settings[key] ?? DEFAULT_CLIENT_SETTINGS[key];
  const own = settings.webcast_static_scores;
  const scores = Array.isArray(own) && own.every((s) => Number.isInteger(s) && (s as number) >= 0) ? own as number[] : [...DEFAULT_WEBCAST_STATIC_SCORES];
  return {
    webcast_use_score: flag('webcast_use_score'),
    webcast_use_static_score: flag('webcast_use_static_score'),
    use_comments_webcast: flag('use_comments_webcast'),
    static_scores: scores,
  };
}

/** Everything the event-data form stores, in storage terms (links as id lists). */
export interface WebcastState {
  title: string;
  description: string;
  code: string | null;
  webcast_type_id: number;
  embed: string;
  status: number;
  use_chat: boolean;
  chat_moderated: boolean;
  transmission_date: Date;
  timezone: string;
  transmission_completed: boolean;
  score: number;
  workload: number;
  image_url: string | null;
  image_alt_texts: Partial<Record<ContentLanguage, string>>;
  unpublish_date: string | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

/** The selected client's webcast, deleted ones (status 3) only when asked for. */
// every webcast route (and each chat message sent) opens its webcast: compiled once
const liveWebcast = reusableQuery((db, clientId: number, id: number) => db.selectFrom('webcasts').selectAll()
  .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', WEBCAST_STATUS.deleted), [-0x7ec1, -0x7ec2] as [number, number]);

export async function findWebcast(db: Db, clientId: number, id: number, { withDeleted = false } = {}): Promise<WebcastRow | undefined> {
  if (!withDeleted) return (await liveWebcast(db, clientId, id))[0];
  return db.selectFrom('webcasts').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

function altTexts(row: Pick<WebcastRow, 'image_alt_texts'>): Partial<Record<ContentLanguage, string>> {
  const raw = row.image_alt_texts;
  const out: Partial<Record<ContentLanguage, string>> = {};
  for (const language of CONTENT_LANGUAGES) {
    const text = raw[language];
    if (typeof text === 'string' && text.trim()) out[language] = text;
  }
  return out;
}

/** spec 2 §3.11 webcast_player_hls_playback_url: the playlist streaming wrote under /media, or an absolute URL it gave. */
export function hlsPlaybackUrl(origin: string, hlsPath: string | null): string | null {
  if (!hlsPath) return null;
  if (/^https?:\/\//i.test(hlsPath)) return hlsPath;
  if (hlsPath.startsWith('/')) return `${origin}${hlsPath}`;
  return mediaUrl(origin, hlsPath);
}

async function subscriberCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('webcast_subscribers').select((eb) => ['webcast_id', eb.fn.countAll<number>().as('n')])
    .where('webcast_id', 'in', ids).groupBy('webcast_id').execute();
  return new Map(rows.map((r) => [r.webcast_id, Number(r.n)]));
}

/** The webcast in the GET W/ shape (spec 2 §3.11). */
export async function loadWebcast(db: Db, clientId: number, id: number, origin: string): Promise<Webcast | undefined> {
  const row = await findWebcast(db, clientId, id, { withDeleted: true });
  if (!row) return undefined;
  const [audience, counts] = await Promise.all([readAudience(db, 'webcast', id), subscriberCounts(db, [id])]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    code: row.code,
    webcast_type: row.webcast_type_id,
    embed: row.embed,
    status: row.status,
    profiles: audience.profiles,
    areas: audience.areas,
    user_groups: audience.user_groups,
    tags: audience.tags,
    use_chat: row.use_chat,
    chat_moderated: row.chat_moderated,
    transmission_date: formatTransmissionDate(new Date(row.transmission_date), row.timezone),
    timezone: row.timezone,
    transmission_completed: row.transmission_completed,
    transmission_downloaded: row.transmission_downloaded,
    score: row.score,
    webcast_player_hls_playback_url: hlsPlaybackUrl(origin, row.hls_path),
    workload: Number(row.workload),
    webcast_lounge_template: '',
    webcast_images: row.image_url ? [{ image: row.image_url, original: true }] : [],
    webcast_image_alt_texts: Object.entries(altTexts(row)).map(([language, alt_text]) => ({ language, alt_text: alt_text! })),
    unpublish_date: row.unpublish_date,
    public_url: webcastPublicUrl(origin, row.id),
    qty_subscribers: counts.get(id) ?? 0,
  };
}

/** The stored values of a webcast, as the write path merges a request into them. */
export async function webcastState(db: Db, row: WebcastRow): Promise<WebcastState> {
  const audience = await readAudience(db, 'webcast', row.id);
  return {
    title: row.title,
    description: row.description,
    code: row.code,
    webcast_type_id: row.webcast_type_id,
    embed: row.embed,
    status: row.status,
    use_chat: row.use_chat,
    chat_moderated: row.chat_moderated,
    transmission_date: new Date(row.transmission_date),
    timezone: row.timezone,
    transmission_completed: row.transmission_completed,
    score: row.score,
    workload: Number(row.workload),
    image_url: row.image_url,
    image_alt_texts: altTexts(row),
    unpublish_date: row.unpublish_date,
    ...audience,
  };
}

function rowValues(state: WebcastState) {
  return {
    title: state.title,
    description: state.description,
    code: state.code,
    webcast_type_id: state.webcast_type_id,
    embed: state.embed,
    status: state.status,
    use_chat: state.use_chat,
    chat_moderated: state.chat_moderated,
    transmission_date: state.transmission_date,
    timezone: state.timezone,
    transmission_completed: state.transmission_completed,
    score: state.score,
    workload: state.workload,
    image_url: state.image_url,
    image_alt_texts: JSON.stringify(state.image_alt_texts),
    unpublish_date: state.unpublish_date,
  };
}

export async function insertWebcast(db: Db, clientId: number, createdBy: number, state: WebcastState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('webcasts').values({
    client_id: clientId, ...rowValues(state), created_by: createdBy, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'webcast', row.id, state);
  return row.id;
}

export async function updateWebcast(db: Db, clientId: number, id: number, state: WebcastState): Promise<boolean> {
  const res = await db.updateTable('webcasts').set({ ...rowValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', WEBCAST_STATUS.deleted).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeAudience(db, 'webcast', id, state);
  return true;
}

/** spec 2 §4.1 soft delete: status 3; the webcast leaves every list. */
export async function deleteWebcast(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('webcasts').set({ status: WEBCAST_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', WEBCAST_STATUS.deleted).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The list's base query: the client's webcasts (deleted ones only through the status filter). */
export function webcastListQuery(db: Db, clientId: number) {
  return db.selectFrom('webcasts')
    .select(['webcasts.id', 'webcasts.title', 'webcasts.webcast_type_id', 'webcasts.status', 'webcasts.transmission_date', 'webcasts.timezone',
      'webcasts.use_chat', 'webcasts.created_at', 'webcasts.updated_at'])
    .where('webcasts.client_id', '=', clientId);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof webcastListQuery>['execute']>>[number];

export async function toListItems(db: Db, rows: ListRow[]): Promise<WebcastListItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [tags, counts] = await Promise.all([tagNames(db, 'webcast', ids), subscriberCounts(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    webcast_type: r.webcast_type_id,
    status: r.status,
    transmission_date: formatTransmissionDate(new Date(r.transmission_date), r.timezone),
    timezone: r.timezone,
    use_chat: r.use_chat,
    tags: tags.get(r.id) ?? [],
    qty_subscribers: counts.get(r.id) ?? 0,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/**
 * spec 2 §4.12 duplicate: "copies the webcast with all its contents" — event data, audience and
 * tags, tests with questions and alternatives, evaluations with questions, support materials.
 * The copy is a new event: published (the default of a new webcast), with no transmission,
 * recording, guests, chat or learner results. Stored files are shared by path. In a transaction.
 */
export async function duplicateWebcast(db: Db, clientId: number, sourceId: number, userId: number, title: string): Promise<number | null> {
  const source = await findWebcast(db, clientId, sourceId);
  if (!source) return null;
  const now = new Date();
  const { id: _id, ...copy } = source;
  const { id: newId } = await db.insertInto('webcasts').values({
    ...copy, title, status: WEBCAST_STATUS.published, transmission_completed: false, transmission_downloaded: false, hls_path: null,
    image_alt_texts: JSON.stringify(copy.image_alt_texts),
    created_by: userId, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await copyAudience(db, 'webcast', sourceId, newId);

  // tests with questions and alternatives, evaluations with questions, support materials
  await copyOwnedContent(ownedDb(db, WEBCAST_OWNER), sourceId, newId);
  return newId;
}

/**
 * spec 2 §3.11 unpublish_date, as for trainings (spec 4 "Dates": the stored day is the last
 * published one): a published webcast whose day has passed becomes unpublished. Finished ones
 * stay as they are: their recording and tests remain. Idempotent.
 */
export async function unpublishDueWebcasts(db: Db, today: string): Promise<number> {
  const res = await db.updateTable('webcasts').set({ status: WEBCAST_STATUS.unpublished, updated_at: new Date() })
    .where('status', '=', WEBCAST_STATUS.published)
    .where('unpublish_date', 'is not', null)
    .where('unpublish_date', '<', today)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- guests (spec 2 §2.5 subscribers tab, §3.11 guest record) ----

/** The guests in the order they subscribed, with their profile's name in the webcast's client. */
export function guestListQuery(db: Db, clientId: number, webcastId: number) {
  return db.selectFrom('webcast_subscribers as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_clients as uc', (join) => join.onRef('uc.user_id', '=', 'u.id').on('uc.client_id', '=', clientId))
    .leftJoin('profiles as p', 'p.id', 'uc.profile_id')
    .select(['s.id', 's.created_at', 'u.id as user_id', 'u.full_name', 'u.email', 'p.name as profile'])
    .where('s.webcast_id', '=', webcastId);
}
type GuestRow = Awaited<ReturnType<ReturnType<typeof guestListQuery>['execute']>>[number];

export const toGuest = (r: GuestRow) => ({
  id: r.id,
  list_users: { id: r.user_id, name: r.full_name, email: r.email, profile: r.profile },
  subscribed_at: r.created_at,
});

/** spec 2 §2.1: a learner subscribing becomes a guest, once. */
export async function subscribe(db: Db, webcastId: number, userId: number): Promise<void> {
  await db.insertInto('webcast_subscribers').values({ webcast_id: webcastId, user_id: userId, created_at: new Date() })
    .onConflict((oc) => oc.columns(['webcast_id', 'user_id']).doNothing())
    .execute();
}

/**
 * The learner watched the webcast (a trail module's "done", spec 2 §2.4; shared webcastIsWatchable):
 * recorded once, the first time they open it while there is something to watch.
 */
export async function recordWebcastWatched(db: Db, webcastId: number, userId: number): Promise<void> {
  await db.insertInto('webcast_views').values({ webcast_id: webcastId, user_id: userId, watched_at: new Date() })
    .onConflict((oc) => oc.columns(['webcast_id', 'user_id']).doNothing())
    .execute();
}

/** spec 2 §3.11 webcast types (a global list), by id. */
export async function webcastTypes(db: Db): Promise<{ id: number; slug: string; uses_embed: boolean }[]> {
  return db.selectFrom('webcast_types').selectAll().orderBy('id').execute();
}

export async function webcastTypeExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('webcast_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * The admin's webcast list: one status when asked for, otherwise deleted webcasts (status 3) stay
 * out unless the list's own status filter asks for them; one type when given.
 */
export function webcastAdminListQuery(db: Db, clientId: number, narrow: { status?: number; statusFiltered: boolean; type?: number }) {
  let qb = webcastListQuery(db, clientId);
  if (narrow.status !== undefined) qb = qb.where('webcasts.status', '=', narrow.status);
  else if (!narrow.statusFiltered) qb = qb.where('webcasts.status', '!=', WEBCAST_STATUS.deleted);
  if (narrow.type !== undefined) qb = qb.where('webcasts.webcast_type_id', '=', narrow.type);
  return qb;
}

/** The next `limit` guests of the webcast after subscription `lastId`, by subscription (the export walks them all). */
export async function guestsAfter(db: Db, clientId: number, webcastId: number, lastId: number, limit: number) {
  return guestListQuery(db, clientId, webcastId).where('s.id', '>', lastId).orderBy('s.id').limit(limit).execute();
}
