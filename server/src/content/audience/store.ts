/**
 * The audience of any content kind (kinds.ts), read and written one way: the admin forms' ids
 * per dimension with the mandatory subsets, the tags' names the lists and cards show, the one
 * writer every editor saves through, the copy a duplicate takes, and the check that linked ids
 * are the selected client's own.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ErrorCode } from '@lp/shared/contract';
import type { Database, Db } from '../../db/database.ts';
import {
  AUDIENCE_KINDS, audiencePlugin, hasMandatory, hasTags, type AudienceDimension, type AudienceKind, type AudienceTables,
  type MandatoryKind, type TaggedKind,
} from './kinds.ts';

/** Areas, profiles and user groups: the audience every kind has. */
export interface AudienceIds {
  areas: number[];
  profiles: number[];
  user_groups: number[];
}
type Tags = { tags: number[] };
type Mandatory = { mandatory_areas: number[]; mandatory_profiles: number[] };

/** A kind's audience as its forms read it: tags first when it has them, the mandatory subsets when it marks them. */
export type Audience<K extends AudienceKind> = (K extends TaggedKind ? Tags : Record<never, never>) & AudienceIds
  & (K extends MandatoryKind ? Mandatory : Record<never, never>);

/** What a save changes: each dimension given replaces the stored one, an omitted one is kept. */
export type AudienceInput<K extends AudienceKind> = { readonly [D in keyof Audience<K>]?: readonly number[] };

/** Every field any kind may carry, for the implementation. */
type AnyAudience = Partial<Tags & AudienceIds & Mandatory>;
type AnyInput = { readonly [D in keyof AnyAudience]?: readonly number[] };

/** The database with the kind's link tables under their virtual names. */
export function audienceDb(db: Db, kind: AudienceKind): Kysely<Database & AudienceTables> {
  return db.withTables<AudienceTables>().withPlugin(audiencePlugin(kind));
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

function groupIds<R extends { owner_id: number }>(rows: readonly R[], pick: (row: R) => number): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const row of rows) {
    const list = map.get(row.owner_id);
    if (list) list.push(pick(row));
    else map.set(row.owner_id, [pick(row)]);
  }
  return map;
}

/** Owner id → its audience, for every id asked (an owner without links has empty lists); ids in ascending order. */
export async function readAudiences<K extends AudienceKind>(db: Db, kind: K, ownerIds: readonly number[]): Promise<Map<number, Audience<K>>>;
export async function readAudiences(db: Db, kind: AudienceKind, ownerIds: readonly number[]): Promise<Map<number, AnyAudience>> {
  const ids = unique(ownerIds);
  const out = new Map<number, AnyAudience>();
  if (ids.length === 0) return out;
  const adb = audienceDb(db, kind);
  const [tags, areas, profiles, groups] = await Promise.all([
    hasTags(kind)
      ? adb.selectFrom('audience_tags').select(['owner_id', 'tag_id']).where('owner_id', 'in', ids).orderBy('tag_id').execute()
      : Promise.resolve([]),
    adb.selectFrom('audience_areas').select(['owner_id', 'area_id', 'is_mandatory']).where('owner_id', 'in', ids).orderBy('area_id').execute(),
    adb.selectFrom('audience_profiles').select(['owner_id', 'profile_id', 'is_mandatory']).where('owner_id', 'in', ids).orderBy('profile_id').execute(),
    adb.selectFrom('audience_user_groups').select(['owner_id', 'user_group_id']).where('owner_id', 'in', ids).orderBy('user_group_id').execute(),
  ]);
  const byOwner = {
    tags: groupIds(tags, (r) => r.tag_id),
    areas: groupIds(areas, (r) => r.area_id),
    profiles: groupIds(profiles, (r) => r.profile_id),
    user_groups: groupIds(groups, (r) => r.user_group_id),
    mandatory_areas: groupIds(areas.filter((r) => r.is_mandatory), (r) => r.area_id),
    mandatory_profiles: groupIds(profiles.filter((r) => r.is_mandatory), (r) => r.profile_id),
  };
  const { tags: tagged, mandatory } = AUDIENCE_KINDS[kind];
  for (const id of ids) {
    out.set(id, {
      ...(tagged ? { tags: byOwner.tags.get(id) ?? [] } : {}),
      areas: byOwner.areas.get(id) ?? [],
      profiles: byOwner.profiles.get(id) ?? [],
      user_groups: byOwner.user_groups.get(id) ?? [],
      ...(mandatory ? { mandatory_areas: byOwner.mandatory_areas.get(id) ?? [], mandatory_profiles: byOwner.mandatory_profiles.get(id) ?? [] } : {}),
    });
  }
  return out;
}

export async function readAudience<K extends AudienceKind>(db: Db, kind: K, ownerId: number): Promise<Audience<K>> {
  return (await readAudiences(db, kind, [ownerId])).get(ownerId)!;
}

/**
 * Saves the audience of one content row: each dimension given replaces the stored links (ids
 * once each), an omitted one is kept — editors that save the whole form give every dimension.
 * The mandatory subsets are written with their areas / profiles. Run inside the save's transaction.
 */
export async function writeAudience<K extends AudienceKind>(db: Db, kind: K, ownerId: number, audience: AudienceInput<K>): Promise<void>;
export async function writeAudience(db: Db, kind: AudienceKind, ownerId: number, audience: AnyInput): Promise<void> {
  if (audience.tags !== undefined && !hasTags(kind)) throw new Error(`${kind} content has no tags`);
  for (const [subset, set] of [['mandatory_areas', 'areas'], ['mandatory_profiles', 'profiles']] as const) {
    if (audience[subset] === undefined) continue;
    if (!hasMandatory(kind)) throw new Error(`${kind} content has no ${subset}`);
    if (audience[set] === undefined) throw new Error(`${subset} is written with ${set}`);
  }
  const adb = audienceDb(db, kind);
  if (audience.tags !== undefined) {
    await adb.deleteFrom('audience_tags').where('owner_id', '=', ownerId).execute();
    const ids = unique(audience.tags);
    if (ids.length) await adb.insertInto('audience_tags').values(ids.map((tag_id) => ({ owner_id: ownerId, tag_id }))).execute();
  }
  if (audience.areas !== undefined) {
    const mandatory = new Set(audience.mandatory_areas);
    await adb.deleteFrom('audience_areas').where('owner_id', '=', ownerId).execute();
    const ids = unique(audience.areas);
    if (ids.length) {
      await adb.insertInto('audience_areas').values(ids.map((area_id) => ({ owner_id: ownerId, area_id, is_mandatory: mandatory.has(area_id) }))).execute();
    }
  }
  if (audience.profiles !== undefined) {
    const mandatory = new Set(audience.mandatory_profiles);
    await adb.deleteFrom('audience_profiles').where('owner_id', '=', ownerId).execute();
    const ids = unique(audience.profiles);
    if (ids.length) {
      await adb.insertInto('audience_profiles')
        .values(ids.map((profile_id) => ({ owner_id: ownerId, profile_id, is_mandatory: mandatory.has(profile_id) }))).execute();
    }
  }
  if (audience.user_groups !== undefined) {
    await adb.deleteFrom('audience_user_groups').where('owner_id', '=', ownerId).execute();
    const ids = unique(audience.user_groups);
    if (ids.length) await adb.insertInto('audience_user_groups').values(ids.map((user_group_id) => ({ owner_id: ownerId, user_group_id }))).execute();
  }
}

/** A duplicate takes its source's audience (tags and mandatory marks included). */
export async function copyAudience(db: Db, kind: AudienceKind, fromId: number, toId: number): Promise<void> {
  await writeAudience(db, kind, toId, await readAudience(db, kind, fromId));
}

/** Owner id → the names of its tags, by name (then id), for the lists and cards that show them. */
export async function tagNames(db: Db, kind: TaggedKind, ownerIds: readonly number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  const ids = unique(ownerIds);
  if (ids.length === 0) return out;
  const rows = await audienceDb(db, kind).selectFrom('audience_tags as l').innerJoin('tags', 'tags.id', 'l.tag_id')
    .select(['l.owner_id', 'tags.id', 'tags.name'])
    .where('l.owner_id', 'in', ids).orderBy('tags.name').orderBy('tags.id').execute();
  for (const { owner_id, id, name } of rows) {
    const list = out.get(owner_id);
    if (list) list.push({ id, name });
    else out.set(owner_id, [{ id, name }]);
  }
  return out;
}

/** The client's tags that some of `owners` (a query of content ids) carry: a learner list's tag choices. */
export async function tagsUsedBy<DB, TB extends keyof DB>(
  db: Db, kind: TaggedKind, clientId: number, owners: SelectQueryBuilder<DB, TB, { id: number }>,
): Promise<Array<{ id: number; name: string }>> {
  const adb = audienceDb(db, kind);
  return adb.selectFrom('tags').select(['tags.id', 'tags.name'])
    .where('tags.client_id', '=', clientId)
    .where('tags.id', 'in', adb.selectFrom('audience_tags').select('audience_tags.tag_id').where('audience_tags.owner_id', 'in', owners))
    .orderBy('tags.name').orderBy('tags.id').execute();
}

/**
 * Field → validation_error for each dimension naming an id that is not the client's own (an
 * audience never reaches into another client), in the order tags, areas, profiles, user groups.
 */
export async function foreignAudienceIds(
  db: Db, clientId: number, audience: { readonly [D in AudienceDimension]?: readonly number[] },
): Promise<Record<string, ErrorCode>> {
  const fields: Record<string, ErrorCode> = {};
  for (const dimension of ['tags', 'areas', 'profiles', 'user_groups'] as const) {
    const ids = unique(audience[dimension] ?? []);
    if (ids.length === 0) continue;
    const owned = await db.selectFrom(dimension).select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
    if (owned.length !== ids.length) fields[dimension] = 'validation_error';
  }
  return fields;
}
