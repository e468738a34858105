/**
 * Favourites, likes and stars of any content (spec 2 §1 "favourite, like, rate"): one
 * content_reactions row per user and content, written by upsert. Generic over the content type
 * so trainings and trails (and later the other modules' content) share it.
 */
import type { Reactions } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { recordReactionEvents } from '../feedEvents.ts';

export type ReactionContentType = 'training' | 'trail' | 'podcast' | 'presential';

export interface ReactionKey {
  clientId: number;
  userId: number;
  contentType: ReactionContentType;
  contentId: number;
}

export interface ReactionPatch {
  favorite?: boolean;
  liked?: boolean;
  /** 0–5 */
  stars?: number;
}

const NONE: Reactions = { favorite: false, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null };

/** Every content's reactions in two queries (the counts of all users, and the user's own). */
export async function reactionsOf(db: Db, clientId: number, userId: number, contentType: ReactionContentType, ids: readonly number[]): Promise<Map<number, Reactions>> {
  const out = new Map<number, Reactions>();
  if (ids.length === 0) return out;
  const [totals, mine] = await Promise.all([
    db.selectFrom('content_reactions')
      .select((eb) => [
        'content_id',
        eb.fn.sum<number>(eb.case().when('liked', '=', true).then(1).else(0).end()).as('likes'),
        eb.fn.avg<number | string>('stars').as('stars_avg'),
        eb.fn.count<number>('stars').as('stars_count'),
      ])
      .where('client_id', '=', clientId).where('content_type', '=', contentType).where('content_id', 'in', [...ids])
      .groupBy('content_id')
      .execute(),
    db.selectFrom('content_reactions').select(['content_id', 'favorite', 'liked', 'stars'])
      .where('user_id', '=', userId).where('client_id', '=', clientId).where('content_type', '=', contentType).where('content_id', 'in', [...ids])
      .execute(),
  ]);
  const own = new Map(mine.map((r) => [r.content_id, r]));
  const counts = new Map(totals.map((r) => [r.content_id, r]));
  for (const id of ids) {
    const t = counts.get(id);
    const m = own.get(id);
    const avg = t?.stars_avg == null ? 0 : Number(t.stars_avg);
    out.set(id, {
      favorite: m?.favorite ?? false,
      liked: m?.liked ?? false,
      likes: Number(t?.likes ?? 0),
      stars_avg: Math.round(avg * 100) / 100,
      stars_count: Number(t?.stars_count ?? 0),
      my_stars: m?.stars ?? null,
    });
  }
  return out;
}

/** Changes the user's reaction to one content (creating the row on the first one) and answers the fresh counts. */
export async function setReaction(db: Db, key: ReactionKey, patch: ReactionPatch): Promise<Reactions> {
  const now = new Date();
  const changes: { favorite?: boolean; liked?: boolean; stars?: number; updated_at: Date } = { updated_at: now };
  if (patch.favorite !== undefined) changes.favorite = patch.favorite;
  if (patch.liked !== undefined) changes.liked = patch.liked;
  if (patch.stars !== undefined) changes.stars = patch.stars;
  // spec 1 §9 feed: a like, favourite or rating is news only when it changes the reaction
  const before = await db.selectFrom('content_reactions').select(['favorite', 'liked', 'stars'])
    .where('user_id', '=', key.userId).where('content_type', '=', key.contentType).where('content_id', '=', key.contentId).executeTakeFirst();
  await db.insertInto('content_reactions').values({
    client_id: key.clientId, user_id: key.userId, content_type: key.contentType, content_id: key.contentId,
    favorite: patch.favorite ?? false, liked: patch.liked ?? false, stars: patch.stars ?? null, updated_at: now,
  }).onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_id']).doUpdateSet(changes)).execute();
  await recordReactionEvents(db, key, before, patch);
  return (await reactionsOf(db, key.clientId, key.userId, key.contentType, [key.contentId])).get(key.contentId) ?? NONE;
}
