/**
 * The learner side of an audience, one rule for every kind (spec 2 §5.1 "either user groups, or
 * both areas and profiles", §5.9 "as for trainings", §6; spec 3 §1): a member of the content's
 * client is in its audience when they belong to one of its user groups, or when one of their
 * areas in that client and their profile there are both chosen. Each is a where-clause over a
 * query that has the kind's table in scope under its own name, so a list stays a fixed handful
 * of set queries whatever its size. Kinds add their own rules around it (a training's owners,
 * a trail opening its trainings), never a second copy of it.
 */
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { audiencePlugin, type AudienceKind, type AudienceTables, type MandatoryKind } from './kinds.ts';
import { audienceDb } from './store.ts';

export interface AudienceMember {
  userId: number;
  clientId: number;
  /** the user's profile in the client */
  profileId: number | null;
}

/** The user as a member of the client, or null when they are not one (then no audience holds them). */
export async function audienceMember(db: Db, clientId: number, userId: number): Promise<AudienceMember | null> {
  const row = await db.selectFrom('user_clients').select('profile_id').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row ? { userId, clientId, profileId: row.profile_id } : null;
}

const NOBODY = sql<SqlBool>`1 = 0`;

/** Built over the virtual tables, correlated with the content row as `audience_owners`. */
const scope = () => expressionBuilder<Database & AudienceTables, 'audience_owners'>();

/** A member given as values, or as columns of the outer query (the recipients of a message). */
type Operand = number | Expression<number>;
interface Subject { userId: Operand; clientId: Operand; profileId: Operand | Expression<number | null> | null }

/** The rule itself, over the virtual tables: the one place it is written. */
function holds(subject: Subject): Expression<SqlBool> {
  const eb = scope();
  const inGroup = eb.exists(eb.selectFrom('audience_user_groups as lg')
    .innerJoin('user_group_members as ugm', 'ugm.group_id', 'lg.user_group_id')
    .select('lg.owner_id')
    .whereRef('lg.owner_id', '=', 'audience_owners.id').where('ugm.user_id', '=', subject.userId));
  // without a profile only the groups can hold the member
  if (subject.profileId === null) return inGroup;
  return eb.or([inGroup, eb.and([
    eb.exists(eb.selectFrom('audience_profiles as lp').select('lp.owner_id')
      .whereRef('lp.owner_id', '=', 'audience_owners.id').where('lp.profile_id', '=', subject.profileId)),
    eb.exists(eb.selectFrom('audience_areas as la').innerJoin('user_areas as ua', 'ua.area_id', 'la.area_id')
      .select('la.owner_id')
      .whereRef('la.owner_id', '=', 'audience_owners.id').where('ua.user_id', '=', subject.userId).where('ua.client_id', '=', subject.clientId)),
  ])]);
}

/** Where the kind's row (its table in scope, unaliased) has `member` in its audience; someone outside the client (null) is in none. */
export function inAudience(kind: AudienceKind, member: AudienceMember | null): Expression<SqlBool> {
  if (!member) return NOBODY;
  return audiencePlugin(kind).rename(holds(member));
}

/**
 * The same rule the other way round, for a query over `user_clients` (the client's members): the
 * member of that row is in the audience of the kind's row `ownerId`. Who receives a message.
 */
export function memberInAudienceOf(kind: AudienceKind, ownerId: number): Expression<SqlBool> {
  const eb = scope();
  const member = {
    userId: sql.ref<number>('user_clients.user_id'), clientId: sql.ref<number>('user_clients.client_id'),
    profileId: sql.ref<number | null>('user_clients.profile_id'),
  };
  return audiencePlugin(kind).rename(eb.exists(eb.selectFrom('audience_owners').select('audience_owners.id')
    .where('audience_owners.id', '=', ownerId).where(holds(member))));
}

/**
 * The learner lists' audience filters (spec 1 §2.2 selected areas / groups / tags): the row is
 * linked to one of `ids`, or with `all` to every one of them.
 */
export function linkedTo(kind: AudienceKind, dimension: 'areas' | 'user_groups' | 'tags', ids: readonly number[], { all = false } = {}): Expression<SqlBool> {
  const chosen = [...new Set(ids)];
  if (chosen.length === 0) return sql<SqlBool>`1 = 1`;
  const eb = scope();
  const links = dimension === 'areas'
    ? eb.selectFrom('audience_areas as l').whereRef('l.owner_id', '=', 'audience_owners.id').where('l.area_id', 'in', chosen)
    : dimension === 'user_groups'
      ? eb.selectFrom('audience_user_groups as l').whereRef('l.owner_id', '=', 'audience_owners.id').where('l.user_group_id', 'in', chosen)
      : eb.selectFrom('audience_tags as l').whereRef('l.owner_id', '=', 'audience_owners.id').where('l.tag_id', 'in', chosen);
  const condition = all
    ? eb(links.select((l) => l.fn.countAll<number>().as('n')), '=', chosen.length)
    : eb.exists(links.select('l.owner_id'));
  return audiencePlugin(kind).rename(condition);
}

/**
 * spec 2 §6 "Mandatory areas and profiles mark who must take a training, when the client uses
 * subscription": the rows among `ownerIds` where the member's profile is a mandatory profile and
 * one of their areas in the client a mandatory area. Whether the client uses subscription is the
 * caller's question.
 */
export async function mandatoryFor(db: Db, kind: MandatoryKind, member: AudienceMember, ownerIds: readonly number[]): Promise<Set<number>> {
  if (member.profileId === null || ownerIds.length === 0) return new Set();
  const adb = audienceDb(db, kind);
  const ids = [...new Set(ownerIds)];
  const [profiles, areas] = await Promise.all([
    adb.selectFrom('audience_profiles').select('owner_id')
      .where('owner_id', 'in', ids).where('profile_id', '=', member.profileId).where('is_mandatory', '=', true).execute(),
    adb.selectFrom('audience_areas as la').innerJoin('user_areas as ua', 'ua.area_id', 'la.area_id')
      .select('la.owner_id').distinct()
      .where('la.owner_id', 'in', ids).where('la.is_mandatory', '=', true)
      .where('ua.user_id', '=', member.userId).where('ua.client_id', '=', member.clientId)
      .execute(),
  ]);
  const byArea = new Set(areas.map((r) => r.owner_id));
  return new Set(profiles.map((r) => r.owner_id).filter((id) => byArea.has(id)));
}
