/**
 * Recording feed events (spec 1 §9 "Feed event kinds"; spec 3 §3) where they happen — a
 * certificate issued (learning/certificates.ts), a badge earned (badges.ts), a reaction
 * (learner/reactions.ts), a news comment (comments.ts), a post — each with the content's title
 * as it was then. Kept apart from the reading side (feed.ts) so the recorders import nothing
 * of the learner's queries.
 */
import { sql } from 'kysely';
import { FEED_CONTENT_TYPES, type FeedContentType, type FeedKind } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

/** The table holding each content type's title (every one has id, client_id and title). */
const TITLE_TABLES: Partial<Record<FeedContentType, string>> = {
  training: 'group_trainings', trail: 'trails', podcast: 'podcasts', news: 'news', badge: 'badges', live_class: 'live_classes',
};

const TITLE_MAX = 256;

export const isFeedContentType = (value: unknown): value is FeedContentType => (FEED_CONTENT_TYPES as readonly unknown[]).includes(value);

/** The content's current title, or null when it is not the client's. */
export async function contentTitle(db: Db, clientId: number, type: FeedContentType, id: number): Promise<string | null> {
  const table = TITLE_TABLES[type];
  if (!table) return null;
  const { rows } = await sql<{ title: string }>`select title from ${sql.table(table)} where id = ${id} and client_id = ${clientId}`.execute(db);
  return rows[0]?.title ?? null;
}

export interface NewFeedEvent {
  clientId: number;
  userId: number;
  kind: FeedKind;
  contentType?: FeedContentType | null;
  contentId?: number | null;
  /** looked up from the content when left out */
  title?: string | null;
  text?: string | null;
  stars?: number | null;
}

export async function recordFeedEvent(db: Db, e: NewFeedEvent): Promise<number> {
  const contentType = e.contentType ?? null;
  const contentId = e.contentId ?? null;
  const title = e.title !== undefined ? e.title
    : contentType && contentId !== null ? await contentTitle(db, e.clientId, contentType, contentId) : null;
  const row = await db.insertInto('feed_events').values({
    client_id: e.clientId, user_id: e.userId, kind: e.kind, content_type: contentType, content_id: contentId,
    title: title === null ? null : Array.from(title).slice(0, TITLE_MAX).join(''), text: e.text ?? null, stars: e.stars ?? null,
    created_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface ReactionKeyLike {
  clientId: number;
  userId: number;
  contentType: string;
  contentId: number;
}

export interface ReactionState {
  favorite: boolean;
  liked: boolean;
  stars: number | null;
}

/**
 * spec 1 §9 "evaluated / liked / favorited a podcast, trail or training", recorded when the
 * reaction is given: a like or a favourite once per content (taking it back and giving it again
 * is not news), an evaluation once, its stars kept current when the learner rates again.
 */
export async function recordReactionEvents(
  db: Db, key: ReactionKeyLike, before: ReactionState | undefined,
  patch: { favorite?: boolean; liked?: boolean; stars?: number },
): Promise<void> {
  const contentType = key.contentType;
  if (!isFeedContentType(contentType) || contentType === 'badge' || contentType === 'news') return;
  const existing = (kind: FeedKind) => db.selectFrom('feed_events').select(['id', 'stars'])
    .where('client_id', '=', key.clientId).where('user_id', '=', key.userId).where('kind', '=', kind)
    .where('content_type', '=', contentType).where('content_id', '=', key.contentId)
    .executeTakeFirst();
  const once = async (kind: FeedKind, stars: number | null = null) => {
    if (!(await existing(kind))) await recordFeedEvent(db, { ...key, contentType, kind, stars });
  };
  if (patch.liked === true && !before?.liked) await once('liked');
  if (patch.favorite === true && !before?.favorite) await once('favorited');
  if (patch.stars !== undefined && patch.stars > 0 && patch.stars !== before?.stars) {
    const evaluated = await existing('evaluated');
    if (evaluated) await db.updateTable('feed_events').set({ stars: patch.stars }).where('id', '=', evaluated.id).execute();
    else await once('evaluated', patch.stars);
  }
}

/** spec 1 §9 "commented a news item": comments on other content are not feed events. */
export async function recordCommentEvent(db: Db, c: { clientId: number; userId: number; origin: string; originId: number }): Promise<void> {
  if (c.origin !== 'news') return;
  await recordFeedEvent(db, { clientId: c.clientId, userId: c.userId, kind: 'commented', contentType: 'news', contentId: c.originId });
}
