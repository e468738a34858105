/**
 * Whether a user is in a trail's audience: the training rule (spec 2 §5.1, §6 "Content is
 * visible to learners by areas, profiles and user groups"; trainingAudience.ts) over
 * trail_user_groups, trail_areas and trail_profiles — one of its user groups, or one of the
 * user's areas and their profile in the client both chosen. Trails have no owners.
 */
import type { Db } from '../db/database.ts';
import { TRAIL_AUDIENCE, inContentAudience } from './contentAudience.ts';

export interface AudienceMember {
  userId: number;
  clientId: number;
  /** the user's profile in the client */
  profileId: number | null;
}

export async function audienceMember(db: Db, clientId: number, userId: number): Promise<AudienceMember | null> {
  const row = await db.selectFrom('user_clients').select('profile_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row ? { userId, clientId, profileId: row.profile_id } : null;
}

/** A where-clause over a query that has `trails` in scope: the trail's audience holds the member. */
export const trailAudienceCondition = (member: AudienceMember) => inContentAudience(TRAIL_AUDIENCE, member);

export async function isInTrailAudience(db: Db, clientId: number, trailId: number, userId: number): Promise<boolean> {
  const member = await audienceMember(db, clientId, userId);
  if (!member) return false;
  const row = await db.selectFrom('trails').select('trails.id')
    .where('trails.id', '=', trailId).where('trails.client_id', '=', clientId)
    .where(trailAudienceCondition(member))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * spec 2 §2.1 'trails/{id_trail}/course/{id}': a published trail opens its published trainings to
 * its own audience, even to learners outside the training's audience (who do not find it in the
 * catalogue, only through the trail).
 */
export async function trailGrantsTraining(db: Db, member: AudienceMember, trainingId: number): Promise<boolean> {
  const row = await db.selectFrom('trails')
    .innerJoin('trail_items', 'trail_items.trail_id', 'trails.id')
    .select('trails.id')
    .where('trails.client_id', '=', member.clientId)
    .where('trails.status', '=', 1)
    .where('trail_items.item_type', '=', 'training')
    .where('trail_items.item_id', '=', trainingId)
    .where(trailAudienceCondition(member))
    .executeTakeFirst();
  return row !== undefined;
}
