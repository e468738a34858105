import {
  DEFAULT_CLIENT_SETTINGS, LANGUAGES, type ClientSettings, type LoginParams, type SessionClient,
} from '@lp/shared';
import type { Db } from '../db/database.ts';
import { parseJson } from '../db/dialect.ts';
import type { ClientRow } from '../db/tables/client.table.ts';

export const APP_VERSION = '1.85.480';

export const DEFAULT_LOGIN_PARAMS: LoginParams = {
  tmp_system_new_version: false,
  colors: { primary: '#1f4e79', secondary: '#f5a623' },
  background: null,
  logo: null,
  text_header: 'Bem-vindo',
  text: '',
  user_pre_register: false,
  user_register: false,
  use_background: false,
  full_background: false,
  app_version: APP_VERSION,
  oauth2: true,
  use_recaptcha: false,
  under_maintenance: false,
  default_language_id: 1,
  accept_document: true,
  background_color: '#f4f6f8',
  font_color: '#1b1f23',
  use_help_desk: false,
  use_portfolio_page: false,
  show_public_faq: false,
  register: { fields: [], password_strong_level: 'low' },
  languages: LANGUAGES.map((l) => ({ ...l })),
  attempts: 5,
};

export function toSessionClient(row: ClientRow): SessionClient {
  return {
    id: row.id,
    name: row.name,
    home_route: row.home_route,
    settings: { ...DEFAULT_CLIENT_SETTINGS, ...parseJson<Partial<ClientSettings>>(row.settings, {}) },
  };
}

export async function getLoginParams(db: Db): Promise<LoginParams> {
  const row = await db.selectFrom('login_config').select('params').where('id', '=', 1).executeTakeFirst();
  return { ...DEFAULT_LOGIN_PARAMS, ...parseJson<Partial<LoginParams>>(row?.params, {}) };
}

export async function saveLoginParams(db: Db, params: Partial<LoginParams>): Promise<void> {
  const merged = JSON.stringify({ ...(await getLoginParams(db)), ...params });
  await db.insertInto('login_config').values({ id: 1, params: merged, updated_at: new Date() })
    .onConflict((oc) => oc.column('id').doUpdateSet({ params: merged, updated_at: new Date() }))
    .execute();
}

export async function findApplication(db: Db, clientKey: string) {
  return db.selectFrom('oauth_applications').selectAll().where('client_key', '=', clientKey).executeTakeFirst();
}
