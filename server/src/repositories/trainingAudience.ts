/**
 * Whether a user is in a training's audience (spec 2 §6 "Content is visible to learners by
 * areas, profiles and user groups"; §5.1 an audience is user groups, or both areas and
 * profiles): the content rule of contentAudience.ts over the training's link tables, owners
 * always (they run the training), and a published trail holding the training opens it to the
 * trail's audience too (trailGrantsTraining). The learner side reads this.
 */
import type { Db } from '../db/database.ts';
import { TRAINING_AUDIENCE, inContentAudience } from './contentAudience.ts';
import { trailGrantsTraining } from './trailAudience.ts';

export async function isInTrainingAudience(db: Db, clientId: number, trainingId: number, userId: number): Promise<boolean> {
  const membership = await db.selectFrom('user_clients').select('profile_id')
    .where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  if (!membership) return false;
  const member = { userId, clientId, profileId: membership.profile_id ?? null };
  const own = await db.selectFrom('group_trainings').select('group_trainings.id')
    .where('group_trainings.id', '=', trainingId)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('group_training_owners as o').select('o.user_id')
        .whereRef('o.group_training_id', '=', 'group_trainings.id').where('o.user_id', '=', userId)),
      inContentAudience(TRAINING_AUDIENCE, member),
    ]))
    .executeTakeFirst();
  return own !== undefined || trailGrantsTraining(db, member, trainingId);
}

