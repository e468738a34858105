import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ClientSettings, LoginParams } from '@lp/shared/contract';
import type { HomeBlockSetting } from '@lp/shared/rules';
import type { DefaultTimestamp, Json, Timestamp } from '../columns.ts';

export interface ClientTable {
  id: Generated<number>;
  name: string;
  home_route: string;
  settings: Json<StoredClientSettings>;
  created_at: Timestamp;
}
export type ClientRow = Selectable<ClientTable>;

/**
 * spec 1 §3.2: what is missing takes DEFAULT_CLIENT_SETTINGS; spec 2 §3.11 a client's own webcast
 * scores; spec 1 §2.3 admin `home`: the portal home's blocks (read through normaliseHomeLayout).
 */
export type StoredClientSettings = Partial<ClientSettings> & { webcast_static_scores?: number[]; home_layout?: HomeBlockSetting[] };
export type NewClientRow = Insertable<ClientTable>;

/** The OAuth applications allowed to call /o/token/ (Basic client credentials). */
export interface OauthApplicationTable {
  id: Generated<number>;
  client_key: string;
  secret_hash: string;
  name: string;
  created_at: Timestamp;
}
export type OauthApplicationRow = Selectable<OauthApplicationTable>;

/** One row (id 1): the login configuration of spec 1 §3.3; what is missing takes DEFAULT_LOGIN_PARAMS. */
export interface LoginConfigTable {
  id: number;
  params: Json<Partial<LoginParams>>;
  updated_at: Timestamp;
}
export type LoginConfigUpdate = Updateable<LoginConfigTable>;

/** spec 1 §2.3 import-code: a code that names one client (unique across clients, upper case). */
export interface ClientImportCodeTable {
  id: Generated<number>;
  client_id: number;
  code: string;
  description: Generated<string>;
  created_at: DefaultTimestamp;
}
export type ClientImportCodeRow = Selectable<ClientImportCodeTable>;
