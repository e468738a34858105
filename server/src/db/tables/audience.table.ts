import type { DefaultBool } from '../columns.ts';

/*
 * The link tables of content audiences (spec 2 §5.1, §6; spec 3 §1 "Content visibility is
 * targeted by areas, profiles and groups"): one shape for every content kind, one table per kind
 * and dimension (`{prefix}_areas` …) so each keeps its foreign keys to the content and to the
 * area, profile, group or tag. server/src/content/audience reaches them through virtual names.
 * Type aliases, not interfaces: `db.withTables<T>()` wants types with an index signature.
 */

/** is_mandatory: a mandatory area / profile (spec 2 §3.1, §5.1), used by kinds declared with `mandatory` */
export type AudienceAreaTable = { owner_id: number; area_id: number; is_mandatory: DefaultBool };
export type AudienceProfileTable = { owner_id: number; profile_id: number; is_mandatory: DefaultBool };
export type AudienceUserGroupTable = { owner_id: number; user_group_id: number };
export type AudienceTagTable = { owner_id: number; tag_id: number };
