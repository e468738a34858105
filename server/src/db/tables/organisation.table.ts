import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Translations } from '@lp/shared/contract';
import type { DbBool, DefaultJson, Json, Timestamp } from '../columns.ts';

export interface AreaTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  translations: Json<Translations>;
  is_active: DbBool;
  created_at: Timestamp;
}
export type AreaRow = Selectable<AreaTable>;
export type NewAreaRow = Insertable<AreaTable>;
export type AreaUpdate = Updateable<AreaTable>;

export interface ProfileTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  translations: Json<Translations>;
  /** e-mail domains (spec 1 §5.3 "Invalid email for this profile"); empty: any e-mail */
  email_domains: DefaultJson<string[]>;
  created_at: Timestamp;
}
export type ProfileRow = Selectable<ProfileTable>;

export interface UserGroupTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: Timestamp;
}
export type UserGroupRow = Selectable<UserGroupTable>;

export interface UserGroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface TagTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  created_at: Timestamp;
}
export type TagRow = Selectable<TagTable>;

export interface TagAreaTable {
  tag_id: number;
  area_id: number;
}
