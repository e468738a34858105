/**
 * The learner side of an audience, one rule for every kind (spec 2 §5.1 "either user groups, or
 * both areas and profiles", §5.9 "as for trainings", §6; spec 3 §1): a member of the content's
 * client is in its audience when they belong to one of its user groups, or when its areas and
 * its profiles both take them — the areas when one of the member's areas in that client is
 * chosen, or when the member has no area there and every area of the client is chosen; the
 * profiles likewise with the member's profile there. So "every area + every profile" reaches
 * everyone in the client (docs/architecture/audience.md "The rule"). Each is a where-clause, so a
 * list stays a fixed handful of set queries whatever its size. The rule is written once, in
 * `holds`, over either the links a row has stored or an audience not saved yet (the editors'
 * preview, `memberInChosenAudience`). Kinds add their own rules around it (a training's owners,
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
/** Built over the real tables, with nothing in scope: the chosen audience's side. */
const plain = () => expressionBuilder<Database, never>();

/** A member given as values, or as columns of the outer query (the client's members, `user_clients`). */
type Operand = number | Expression<number>;
interface Subject { userId: Operand; clientId: Operand; profileId: Operand | Expression<number | null> | null }

/**
 * What the rule asks of an audience, whether stored (a content row's links) or chosen in a form.
 * Each answer is a where-clause; `everyArea` / `everyProfile` imply at least one is chosen, so
 * nothing chosen still holds nobody.
 */
interface AudienceLinks {
  /** the member is in one of the chosen user groups */
  inGroup(userId: Operand): Expression<SqlBool>;
  /** one of the member's areas in the client is chosen */
  areaChosen(userId: Operand, clientId: Operand): Expression<SqlBool>;
  /** the member's profile is chosen */
  profileChosen(profileId: Operand | Expression<number | null>): Expression<SqlBool>;
  /** every area of the client is chosen */
  everyArea(clientId: Operand): Expression<SqlBool>;
  /** every profile of the client is chosen */
  everyProfile(clientId: Operand): Expression<SqlBool>;
}

/** The links a content row has stored, over the virtual tables (the caller renames them for its kind). */
const STORED: AudienceLinks = {
  inGroup: (userId) => {
    const eb = scope();
    return eb.exists(eb.selectFrom('audience_user_groups as lg')
      .innerJoin('user_group_members as ugm', 'ugm.group_id', 'lg.user_group_id')
      .select('lg.owner_id')
      .whereRef('lg.owner_id', '=', 'audience_owners.id').where('ugm.user_id', '=', userId));
  },
  areaChosen: (userId, clientId) => {
    const eb = scope();
    return eb.exists(eb.selectFrom('audience_areas as la').innerJoin('user_areas as ua', 'ua.area_id', 'la.area_id')
      .select('la.owner_id')
      .whereRef('la.owner_id', '=', 'audience_owners.id').where('ua.user_id', '=', userId).where('ua.client_id', '=', clientId));
  },
  profileChosen: (profileId) => {
    const eb = scope();
    return eb.exists(eb.selectFrom('audience_profiles as lp').select('lp.owner_id')
      .whereRef('lp.owner_id', '=', 'audience_owners.id').where('lp.profile_id', '=', profileId));
  },
  everyArea: (clientId) => {
    const eb = scope();
    return eb.and([
      eb.exists(eb.selectFrom('audience_areas as la').select('la.owner_id').whereRef('la.owner_id', '=', 'audience_owners.id')),
      eb.not(eb.exists(eb.selectFrom('areas as every_area').select('every_area.id').where('every_area.client_id', '=', clientId)
        .where((inner) => inner.not(inner.exists(inner.selectFrom('audience_areas as lx').select('lx.owner_id')
          .whereRef('lx.owner_id', '=', 'audience_owners.id').whereRef('lx.area_id', '=', 'every_area.id')))))),
    ]);
  },
  everyProfile: (clientId) => {
    const eb = scope();
    return eb.and([
      eb.exists(eb.selectFrom('audience_profiles as lp').select('lp.owner_id').whereRef('lp.owner_id', '=', 'audience_owners.id')),
      eb.not(eb.exists(eb.selectFrom('profiles as every_profile').select('every_profile.id').where('every_profile.client_id', '=', clientId)
        .where((inner) => inner.not(inner.exists(inner.selectFrom('audience_profiles as lx').select('lx.owner_id')
          .whereRef('lx.owner_id', '=', 'audience_owners.id').whereRef('lx.profile_id', '=', 'every_profile.id')))))),
    ]);
  },
};

/** An audience as a form holds it before saving: the chosen ids of each dimension. */
export interface ChosenAudience {
  readonly areas: readonly number[];
  readonly profiles: readonly number[];
  readonly user_groups: readonly number[];
}

/** The same questions over ids not stored anywhere yet. */
function chosenLinks(audience: ChosenAudience): AudienceLinks {
  const areas = [...new Set(audience.areas)];
  const profiles = [...new Set(audience.profiles)];
  const groups = [...new Set(audience.user_groups)];
  return {
    inGroup: (userId) => {
      if (groups.length === 0) return NOBODY;
      const eb = plain();
      return eb.exists(eb.selectFrom('user_group_members as ugm').select('ugm.user_id')
        .where('ugm.group_id', 'in', groups).where('ugm.user_id', '=', userId));
    },
    areaChosen: (userId, clientId) => {
      if (areas.length === 0) return NOBODY;
      const eb = plain();
      return eb.exists(eb.selectFrom('user_areas as ua').select('ua.user_id')
        .where('ua.area_id', 'in', areas).where('ua.user_id', '=', userId).where('ua.client_id', '=', clientId));
    },
    profileChosen: (profileId) => {
      if (profiles.length === 0) return NOBODY;
      if (typeof profileId === 'number') return profiles.includes(profileId) ? sql<SqlBool>`1 = 1` : NOBODY;
      return plain()(profileId, 'in', profiles);
    },
    everyArea: (clientId) => {
      if (areas.length === 0) return NOBODY;
      const eb = plain();
      return eb.not(eb.exists(eb.selectFrom('areas as every_area').select('every_area.id')
        .where('every_area.client_id', '=', clientId).where('every_area.id', 'not in', areas)));
    },
    everyProfile: (clientId) => {
      if (profiles.length === 0) return NOBODY;
      const eb = plain();
      return eb.not(eb.exists(eb.selectFrom('profiles as every_profile').select('every_profile.id')
        .where('every_profile.client_id', '=', clientId).where('every_profile.id', 'not in', profiles)));
    },
  };
}

/**
 * The rule itself: the one place it is written. Someone without an area in the client (or
 * without a profile there) is taken by the areas (the profiles) only when all of the client's are
 * chosen: "every area" then means "whatever the area", and nothing narrower reaches them.
 */
function holds(links: AudienceLinks, subject: Subject): Expression<SqlBool> {
  const eb = plain();
  const { userId, clientId, profileId } = subject;
  const withoutArea = eb.not(eb.exists(eb.selectFrom('user_areas as own').select('own.area_id')
    .where('own.user_id', '=', userId).where('own.client_id', '=', clientId)));
  const byArea = eb.or([links.areaChosen(userId, clientId), eb.and([withoutArea, links.everyArea(clientId)])]);
  const byProfile = profileId === null
    ? links.everyProfile(clientId)
    : typeof profileId === 'number'
      ? links.profileChosen(profileId)
      // a column: either case, row by row
      : eb.or([links.profileChosen(profileId), eb.and([eb(profileId, 'is', null), links.everyProfile(clientId)])]);
  return eb.or([links.inGroup(userId), eb.and([byArea, byProfile])]);
}

/** The member of the outer query's `user_clients` row, as columns. */
const CLIENT_MEMBER: Subject = {
  userId: sql.ref<number>('user_clients.user_id'), clientId: sql.ref<number>('user_clients.client_id'),
  profileId: sql.ref<number | null>('user_clients.profile_id'),
};

/** Where the kind's row (its table in scope, unaliased) has `member` in its audience; someone outside the client (null) is in none. */
export function inAudience(kind: AudienceKind, member: AudienceMember | null): Expression<SqlBool> {
  if (!member) return NOBODY;
  return audiencePlugin(kind).rename(holds(STORED, member));
}

/**
 * Where the kind's row (its table in scope, unaliased) has the outer query's `user_clients` row
 * in its audience: `inAudience` with the member as columns, so one statement can read the
 * membership and the rule together, whatever the member's profile (repositories/trainingAudience.ts).
 */
export function clientMemberInAudience(kind: AudienceKind): Expression<SqlBool> {
  return audiencePlugin(kind).rename(holds(STORED, CLIENT_MEMBER));
}

/**
 * The same rule the other way round, for a query over `user_clients` (the client's members): the
 * member of that row is in the audience of the kind's row `ownerId`. Who receives a message.
 */
export function memberInAudienceOf(kind: AudienceKind, ownerId: number): Expression<SqlBool> {
  const eb = scope();
  return audiencePlugin(kind).rename(eb.exists(eb.selectFrom('audience_owners').select('audience_owners.id')
    .where('audience_owners.id', '=', ownerId).where(holds(STORED, CLIENT_MEMBER))));
}

/**
 * The same rule over an audience not saved yet, for a query over `user_clients`: the member of
 * that row is in `audience`. Whom an editor's audience reaches before it is saved (the preview).
 */
export function memberInChosenAudience(audience: ChosenAudience): Expression<SqlBool> {
  return holds(chosenLinks(audience), CLIENT_MEMBER);
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
