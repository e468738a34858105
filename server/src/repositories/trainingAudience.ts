/**
 * Whether a user is in a training's audience (spec 2 §6 "Content is visible to learners by
 * areas, profiles and user groups"; §5.1 an audience is user groups, or both areas and
 * profiles). A user of the training's client is in it when they belong to one of its user
 * groups, or when one of their areas and their profile in that client are both chosen.
 * Owners take part too: they run the training. A published trail holding the training opens
 * it to the trail's audience too (trailGrantsTraining). The learner side reads this.
 */
import type { Db } from '../db/database.ts';
import { trailGrantsTraining } from './trailAudience.ts';

export async function isInTrainingAudience(db: Db, clientId: number, trainingId: number, userId: number): Promise<boolean> {
  const membership = await db.selectFrom('user_clients').select('profile_id')
    .where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  if (!membership) return false;

  const owner = await db.selectFrom('group_training_owners').select('user_id')
    .where('group_training_id', '=', trainingId).where('user_id', '=', userId).executeTakeFirst();
  if (owner) return true;

  const inGroup = await db.selectFrom('group_training_user_groups')
    .innerJoin('user_group_members', 'user_group_members.group_id', 'group_training_user_groups.user_group_id')
    .select('user_group_members.user_id')
    .where('group_training_user_groups.group_training_id', '=', trainingId)
    .where('user_group_members.user_id', '=', userId)
    .executeTakeFirst();
  if (inGroup) return true;

  const member = { userId, clientId, profileId: membership.profile_id ?? null };
  if (membership.profile_id == null) return trailGrantsTraining(db, member, trainingId);
  const profile = await db.selectFrom('group_training_profiles').select('profile_id')
    .where('group_training_id', '=', trainingId).where('profile_id', '=', membership.profile_id).executeTakeFirst();
  if (!profile) return trailGrantsTraining(db, member, trainingId);
  const area = await db.selectFrom('group_training_areas')
    .innerJoin('user_areas', 'user_areas.area_id', 'group_training_areas.area_id')
    .select('user_areas.area_id')
    .where('group_training_areas.group_training_id', '=', trainingId)
    .where('user_areas.user_id', '=', userId)
    .where('user_areas.client_id', '=', clientId)
    .executeTakeFirst();
  return !!area || trailGrantsTraining(db, member, trainingId);
}
