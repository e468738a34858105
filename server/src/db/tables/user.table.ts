import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DbBool, Timestamp } from '../dialect.ts';

export interface UserTable {
  id: Generated<number>;
  email: string;
  document: string | null;
  register: string | null;
  gmin_number: string | null;
  sap_code: string | null;
  full_name: string;
  nick_name: string | null;
  password_hash: string;
  is_superuser: DbBool;
  /** spec 1 §4.1 status word */
  status: string;
  language_id: number;
  selected_client_id: number | null;
  must_change_password: DbBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

export interface UserClientTable {
  user_id: number;
  client_id: number;
  profile_id: number | null;
}

/** spec 1 §6.1: per user, per client, {slug, permission}. */
export interface UserModuleItemTable {
  user_id: number;
  client_id: number;
  slug: string;
  permission: DbBool;
}
