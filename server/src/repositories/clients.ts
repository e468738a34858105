import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { DEFAULT_LOGIN_PARAMS, type LoginParams, type SessionClient } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { ClientRow } from '../db/tables/client.table.ts';

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
