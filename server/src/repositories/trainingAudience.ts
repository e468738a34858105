/**
 * Who sees a training (spec 2 §6 "Content is visible to learners by areas, profiles and user
 * groups"): the content rule over the training's audience (content/audience), its owners always
 * (they run the training), and a published trail holding the training opens it to the trail's
 * audience too (trailGrantsTraining). The learner side reads this.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { audienceMember, inAudience, type AudienceMember } from '../content/audience/index.ts';
import type { Database, Db } from '../db/database.ts';
import { trailGrantsTraining } from './trailAudience.ts';

/** A where-clause over a query that has `group_trainings` in scope: an owner, or the training's audience holds the member. */
export function trainingAudienceCondition(member: AudienceMember): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'group_trainings'>();
  return eb.or([
    eb.exists(eb.selectFrom('group_training_owners as o').select('o.user_id')
      .whereRef('o.group_training_id', '=', 'group_trainings.id').where('o.user_id', '=', member.userId)),
    inAudience('training', member),
  ]);
}

export async function isInTrainingAudience(db: Db, clientId: number, trainingId: number, userId: number): Promise<boolean> {
  const member = await audienceMember(db, clientId, userId);
  if (!member) return false;
  const own = await db.selectFrom('group_trainings').select('group_trainings.id')
    .where('group_trainings.id', '=', trainingId)
    .where(trainingAudienceCondition(member))
    .executeTakeFirst();
  return own !== undefined || trailGrantsTraining(db, member, trainingId);
}
