import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { DEFAULT_LOGIN_PARAMS, type LoginParams, type SessionClient } from '@lp/shared/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import type { ClientRow, StoredClientSettings } from '../db/tables/client.table.ts';

export function toSessionClient(row: ClientRow): SessionClient {
  return {
    id: row.id,
    name: row.name,
    home_route: row.home_route,
    settings: { ...DEFAULT_CLIENT_SETTINGS, ...row.settings },
  };
}

export async function getLoginParams(db: Db): Promise<LoginParams> {
  const row = await db.selectFrom('login_config').select('params').where('id', '=', 1).executeTakeFirst();
  return { ...DEFAULT_LOGIN_PARAMS, ...row?.params };
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

export async function findClient(db: Db, clientId: number): Promise<ClientRow | undefined> {
  return db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

/**
 * Merges `settings` into the client's stored ones (keys another module stores stay as they are)
 * and sets the home route when given.
 */
export async function mergeClientSettings(db: Db, clientId: number, settings: Record<string, unknown> | undefined, homeRoute: string | undefined): Promise<void> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirstOrThrow();
  const merged = { ...row.settings, ...settings };
  await db.updateTable('clients').set({ settings: JSON.stringify(merged), ...(homeRoute ? { home_route: homeRoute } : {}) })
    .where('id', '=', clientId).execute();
}

/** The client's stored settings (undefined for an unknown client). */
export async function storedClientSettings(db: Db, clientId: number): Promise<StoredClientSettings | undefined> {
  return (await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst())?.settings;
}

/**
 * Postgres: locks the client row for the transaction, so a client's writes that check then save
 * run one at a time. SQLite writes are serial already.
 */
export async function lockClientRow(db: Db, clientId: number): Promise<void> {
  if (dialectOf(db as Kysely<unknown>) !== 'postgres') return;
  await db.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
}

/** The client's default country code (spec 1 §5.2; the platform default when it stores none), null when emptied. */
export async function defaultCountryCode(db: Db, clientId: number): Promise<string | null> {
  const stored = (await storedClientSettings(db, clientId))?.default_country_code;
  const code = (stored ?? DEFAULT_CLIENT_SETTINGS.default_country_code).trim().toUpperCase();
  return code || null;
}
