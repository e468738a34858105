/**
 * The audience link tables of banners, welcome banners and messages (`{prefix}_areas`,
 * `{prefix}_profiles`, `{prefix}_user_groups`): reading, replacing, and refusing ids of another
 * client. The audience rule itself is contentAudience.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ErrorCode } from '@lp/shared';

export interface AudienceIds {
  areas: readonly number[];
  profiles: readonly number[];
  user_groups: readonly number[];
}

/** The audience as read back. */
export interface AudienceLists {
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

/** Ids that are not the client's own areas, profiles or groups: field → validation_error. */
export async function foreignAudienceIds(db: Db, clientId: number, audience: AudienceIds): Promise<Record<string, ErrorCode>> {
  const errors: Record<string, ErrorCode> = {};
  for (const [field, table] of [['areas', 'areas'], ['profiles', 'profiles'], ['user_groups', 'user_groups']] as const) {
    const ids = [...new Set(audience[field])];
    if (ids.length === 0) continue;
    const found = await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
    if (found.length !== ids.length) errors[field] = 'validation_error';
  }
  return errors;
}

type LinkTable = 'banner_areas' | 'banner_profiles' | 'banner_user_groups' | 'welcome_banner_areas' | 'welcome_banner_profiles'
  | 'welcome_banner_user_groups' | 'message_areas' | 'message_profiles' | 'message_user_groups';

/** Owner id → linked ids, for one link table. */
export async function linkedIds(db: Db, table: LinkTable, ownerColumn: string, column: string, ownerIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (ownerIds.length === 0) return map;
  const rows = await sql<{ owner: number; linked: number }>`select ${sql.ref(ownerColumn)} as owner, ${sql.ref(column)} as linked
    from ${sql.table(table)} where ${sql.ref(ownerColumn)} in (${sql.join([...ownerIds])}) order by ${sql.ref(column)}`.execute(db);
  for (const row of rows.rows) {
    const owner = Number(row.owner);
    map.set(owner, [...(map.get(owner) ?? []), Number(row.linked)]);
  }
  return map;
}

/** Replaces an owner's links in one link table. */
export async function replaceLinks(db: Db, table: LinkTable, ownerColumn: string, column: string, ownerId: number, ids: readonly number[]): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(ownerColumn)} = ${ownerId}`.execute(db);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const values = unique.map((id) => sql`(${ownerId}, ${id})`);
  await sql`insert into ${sql.table(table)} (${sql.ref(ownerColumn)}, ${sql.ref(column)}) values ${sql.join(values)}`.execute(db);
}

/** The three audience link tables of an owner kind, read together. */
export async function audiencesOf(db: Db, prefix: 'banner' | 'welcome_banner' | 'message', ownerIds: readonly number[]): Promise<Map<number, AudienceLists>> {
  const ownerColumn = `${prefix}_id`;
  const [areas, profiles, groups] = await Promise.all([
    linkedIds(db, `${prefix}_areas`, ownerColumn, 'area_id', ownerIds),
    linkedIds(db, `${prefix}_profiles`, ownerColumn, 'profile_id', ownerIds),
    linkedIds(db, `${prefix}_user_groups`, ownerColumn, 'user_group_id', ownerIds),
  ]);
  return new Map(ownerIds.map((id) => [id, { areas: areas.get(id) ?? [], profiles: profiles.get(id) ?? [], user_groups: groups.get(id) ?? [] }]));
}

export async function replaceAudience(db: Db, prefix: 'banner' | 'welcome_banner' | 'message', ownerId: number, audience: AudienceIds): Promise<void> {
  const ownerColumn = `${prefix}_id`;
  await replaceLinks(db, `${prefix}_areas`, ownerColumn, 'area_id', ownerId, audience.areas);
  await replaceLinks(db, `${prefix}_profiles`, ownerColumn, 'profile_id', ownerId, audience.profiles);
  await replaceLinks(db, `${prefix}_user_groups`, ownerColumn, 'user_group_id', ownerId, audience.user_groups);
}
