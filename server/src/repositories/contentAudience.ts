/**
 * The content audience rule (spec 3 §1 "Content visibility is targeted by areas, profiles and
 * groups"; the training rule of trainingAudience.ts) over content with the three link tables
 * `{prefix}_areas`, `{prefix}_profiles` and `{prefix}_user_groups`: a user of the content's
 * client is in the audience when they belong to one of its user groups, or when one of their
 * areas and their profile in that client are both chosen.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AudienceMember } from './trailAudience.ts';

export interface ContentAudienceLinks {
  /** the content table */
  table: string;
  /** the link tables' prefix */
  prefix: string;
  /** the link tables' column naming the content */
  ownerColumn: string;
}

export const TRAINING_AUDIENCE: ContentAudienceLinks = { table: 'group_trainings', prefix: 'group_training', ownerColumn: 'group_training_id' };
export const TRAIL_AUDIENCE: ContentAudienceLinks = { table: 'trails', prefix: 'trail', ownerColumn: 'trail_id' };
export const WEBCAST_AUDIENCE: ContentAudienceLinks = { table: 'webcasts', prefix: 'webcast', ownerColumn: 'webcast_id' };
export const LIBRARY_AUDIENCE: ContentAudienceLinks = { table: 'library_files', prefix: 'library_file', ownerColumn: 'library_file_id' };
export const PODCAST_AUDIENCE: ContentAudienceLinks = { table: 'podcasts', prefix: 'podcast', ownerColumn: 'podcast_id' };

/** A where-clause over a query with `links.table` in scope; someone outside the client (null) sees nothing. */
export function inContentAudience(links: ContentAudienceLinks, member: AudienceMember | null): RawBuilder<SqlBool> {
  if (!member) return sql<SqlBool>`1 = 0`;
  const owner = sql.ref(`${links.table}.id`);
  const fk = (alias: string) => sql.ref(`${alias}.${links.ownerColumn}`);
  const inGroup = sql<SqlBool>`exists (select 1 from ${sql.table(`${links.prefix}_user_groups`)} as lg
    inner join user_group_members as ugm on ugm.group_id = lg.user_group_id
    where ${fk('lg')} = ${owner} and ugm.user_id = ${member.userId})`;
  if (member.profileId === null) return inGroup;
  return sql<SqlBool>`(${inGroup} or (
    exists (select 1 from ${sql.table(`${links.prefix}_profiles`)} as lp where ${fk('lp')} = ${owner} and lp.profile_id = ${member.profileId})
    and exists (select 1 from ${sql.table(`${links.prefix}_areas`)} as la inner join user_areas as ua on ua.area_id = la.area_id
      where ${fk('la')} = ${owner} and ua.user_id = ${member.userId} and ua.client_id = ${member.clientId})))`;
}

/** The same rule for a member of the client (the where-clause of banners, welcome banners and webcasts). */
export function audienceCondition(links: ContentAudienceLinks, member: AudienceMember): RawBuilder<SqlBool> {
  return inContentAudience(links, member);
}
