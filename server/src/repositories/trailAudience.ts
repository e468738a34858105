/**
 * Who sees a trail: the content rule (spec 2 §5.1, §6) over the trail's audience
 * (content/audience). Trails have no owners. A published trail also opens its modules to its own
 * audience: its trainings (trailGrantsTraining) and the page of every other kind (audienceOrTrail).
 */
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { CONTENT_STATUS } from '@lp/shared/contract';
import type { TrailItemKind } from '@lp/shared/rules';
import { audienceMember, inAudience, type AudienceMember } from '../content/audience/index.ts';
import type { Database, Db } from '../db/database.ts';

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
  const eb = expressionBuilder<Database, never>();
  const row = await db.selectNoFrom(eb.exists(trailGrant(member.clientId, trainingId, inAudience('trail', member))).as('granted')).executeTakeFirst();
  return Boolean(row?.granted);
}

/** The published trails of the client holding the training whose audience `audience` (a rule over `trails`) holds: trailGrantsTraining's question as a subquery. */
export function trailGrant(clientId: number, trainingId: number, audience: Expression<SqlBool>) {
  return expressionBuilder<Database, never>().selectFrom('trails')
    .innerJoin('trail_items', 'trail_items.trail_id', 'trails.id')
    .select('trails.id')
    .where('trails.client_id', '=', clientId)
    .where('trails.status', '=', CONTENT_STATUS.published)
    .where('trail_items.item_type', '=', 'training')
    .where('trail_items.item_id', '=', trainingId)
    .where(audience);
}

/**
 * The module's own audience, or a published trail of the member's that holds it: what opens a
 * module's own learner page (spec 2 §2.1 "a training opened inside a trail", the same for every
 * kind of spec 2 §2.4), so a trail's learners can take each of its modules. Lists and catalogues
 * keep the module's own audience. `idColumn` names the module's id in the outer query.
 */
export function audienceOrTrail(kind: Exclude<TrailItemKind, 'training'>, idColumn: string, member: AudienceMember | null): Expression<SqlBool> {
  if (!member) return sql<SqlBool>`1 = 0`;
  const eb = expressionBuilder<Database, never>();
  return eb.or([
    inAudience(kind, member),
    eb.exists(eb.selectFrom('trails').innerJoin('trail_items', 'trail_items.trail_id', 'trails.id').select('trails.id')
      .where('trails.client_id', '=', member.clientId)
      .where('trails.status', '=', CONTENT_STATUS.published)
      .where('trail_items.item_type', '=', kind)
      .where('trail_items.item_id', '=', sql.ref<number>(idColumn))
      .where(inAudience('trail', member))),
  ]);
}
