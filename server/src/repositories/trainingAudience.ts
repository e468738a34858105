/**
 * Who sees a training (spec 2 §6 "Content is visible to learners by areas, profiles and user
 * groups"): the content rule over the training's audience (content/audience), its owners always
 * (they run the training), and a published trail holding the training opens it to the trail's
 * audience too (trailAudience.ts trailGrant). The learner side reads this.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { clientMemberInAudience, inAudience, type AudienceMember } from '../content/audience/index.ts';
import type { Database, Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusableQuery.ts';
import { trailGrant } from './trailAudience.ts';

/** A where-clause over a query that has `group_trainings` in scope: an owner, or the training's audience holds the member. */
export function trainingAudienceCondition(member: AudienceMember): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'group_trainings'>();
  return eb.or([
    eb.exists(eb.selectFrom('group_training_owners as o').select('o.user_id')
      .whereRef('o.group_training_id', '=', 'group_trainings.id').where('o.user_id', '=', member.userId)),
    inAudience('training', member),
  ]);
}

/**
 * The whole question in one statement, built and compiled once (db/reusableQuery.ts): the user's
 * membership of the client (`user_clients`, the member as its columns), the training's owners
 * and audience, a published trail granting it. A crowd starting one test asks it for every
 * start (bench/quiz-burst.ts), and building three statements cost more than running them.
 */
const holdsMember = reusableQuery((db, clientId: number, trainingId: number, userId: number) => db.selectFrom('user_clients')
  .select('user_clients.user_id')
  .where('user_clients.user_id', '=', userId).where('user_clients.client_id', '=', clientId)
  .where((eb) => eb.or([
    eb.exists(eb.selectFrom('group_trainings').select('group_trainings.id')
      .where('group_trainings.id', '=', trainingId)
      .where((t) => t.or([
        t.exists(t.selectFrom('group_training_owners as o').select('o.user_id')
          .whereRef('o.group_training_id', '=', 'group_trainings.id').whereRef('o.user_id', '=', 'user_clients.user_id')),
        clientMemberInAudience('training'),
      ]))),
    eb.exists(trailGrant(clientId, trainingId, clientMemberInAudience('trail'))),
  ]))
  .limit(1), [-9101, -9102, -9103] as [number, number, number]);

export async function isInTrainingAudience(db: Db, clientId: number, trainingId: number, userId: number): Promise<boolean> {
  return (await holdsMember(db, clientId, trainingId, userId)).length > 0;
}
