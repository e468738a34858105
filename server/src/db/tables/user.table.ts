import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DbBool, DefaultBool, Json, NullableTimestamp, Timestamp } from '../columns.ts';

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
  // 2026_11_22_0001: optional on insert, so older call sites stay valid
  gender: OptionalColumn<string>;
  /** YYYY-MM-DD */
  birthday: OptionalColumn<string>;
  mobile_country_code: OptionalColumn<string>;
  mobile_area_code: OptionalColumn<string>;
  mobile: OptionalColumn<string>;
  country_id: OptionalColumn<number>;
  branch_id: OptionalColumn<number>;
  date_joined: NullableTimestamp;
  /** spec 1 §4.2: set while a deletion request waits for an administrator */
  deletion_requested_at: NullableTimestamp;
  anonymized_at: NullableTimestamp;
  // 2026_11_23_0027: spec 1 §3.4 address, phones, personal and organisation details
  postal_code: OptionalColumn<string>;
  address: OptionalColumn<string>;
  number: OptionalColumn<string>;
  complement: OptionalColumn<string>;
  neighborhood: OptionalColumn<string>;
  city: OptionalColumn<string>;
  state: OptionalColumn<string>;
  commercial_phone: OptionalColumn<string>;
  residential_phone: OptionalColumn<string>;
  whatsapp: OptionalColumn<string>;
  /** shared MARITAL_STATUSES */
  marital_status: OptionalColumn<string>;
  number_of_children: OptionalColumn<number>;
  is_handicapped: DefaultBool;
  handicap_description: OptionalColumn<string>;
  /** YYYY-MM-DD */
  admission_date: OptionalColumn<string>;
  store_manager: DefaultBool;
  // 2026_11_28_0500: spec 1 §3.4 sex (shared GENDERS), profile image (media path), residence, zone, type
  sex: OptionalColumn<string>;
  image: OptionalColumn<string>;
  country_of_residence_id: OptionalColumn<number>;
  /** IANA zone name */
  timezone: OptionalColumn<string>;
  /** shared USER_TYPES */
  user_type: OptionalColumn<string>;
}
export type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

export interface UserClientTable {
  user_id: number;
  client_id: number;
  profile_id: number | null;
  /** spec 1 §3.4 main_area: one of the user's areas in the client */
  main_area_id: OptionalColumn<number>;
  /** spec 1 §3.4 enrollment_date: when the user was linked to the client (null: before it was recorded) */
  enrolled_at: NullableTimestamp;
}

/** spec 1 §3.4 mandatory areas of a user within one client. */
export interface UserMandatoryAreaTable {
  user_id: number;
  client_id: number;
  area_id: number;
}

/** spec 1 §3.4 mandatory profiles of a user within one client. */
export interface UserMandatoryProfileTable {
  user_id: number;
  client_id: number;
  profile_id: number;
}

/** spec 1 §6.1: per user, per client, {slug, permission}. */
export interface UserModuleItemTable {
  user_id: number;
  client_id: number;
  slug: string;
  permission: DbBool;
}

/** Areas of a user within one client (spec 1 §3.4 area / main_area(s)). */
export interface UserAreaTable {
  user_id: number;
  client_id: number;
  area_id: number;
}

/** A user's superiors (approvers) within one client (spec 1 §3.4, §4.1). */
export interface UserSuperiorTable {
  user_id: number;
  client_id: number;
  superior_id: number;
}

/** Who did what to whom (login as, status actions, permissions, deletions). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_user_id: number | null;
  client_id: number | null;
  details: Json<Record<string, unknown>>;
  created_at: Timestamp;
  /** where the action came from (the client address Fastify trusts, see TRUST_PROXY) */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}
export type AuditLogRow = Selectable<AuditLogTable>;
