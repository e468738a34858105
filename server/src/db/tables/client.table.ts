import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../dialect.ts';

export interface ClientTable {
  id: Generated<number>;
  name: string;
  home_route: string;
  /** JSON text: ClientSettings (spec 1 §3.2) */
  settings: string;
  created_at: Timestamp;
}
export type ClientRow = Selectable<ClientTable>;
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

/** One row (id 1): the login configuration of spec 1 §3.3, as JSON text. */
export interface LoginConfigTable {
  id: number;
  params: string;
  updated_at: Timestamp;
}
export type LoginConfigUpdate = Updateable<LoginConfigTable>;
