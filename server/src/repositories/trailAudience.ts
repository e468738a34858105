/**
 * Who sees a trail: the content rule (spec 2 §5.1, §6) over the trail's audience
 * (content/audience). Trails have no owners. A published trail also opens its trainings to its
 * own audience (trailGrantsTraining).
 */
import { audienceMember, inAudience, type AudienceMember } from '../content/audience/index.ts';
import type { Db } from '../db/database.ts';

export async function isInTrailAudience(db: Db, clientId: number, trailId: number, userId: number): Promise<boolean> {
  const member = await audienceMember(db, clientId, userId);
  if (!member) return false;
  const row = await db.selectFrom('trails').select('trails.id')
    .where('trails.id', '=', trailId).where('trails.client_id', '=', clientId)
    .where(inAudience('trail', member))
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
    .where(inAudience('trail', member))
    .executeTakeFirst();
  return row !== undefined;
}
