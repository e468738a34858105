/**
 * spec 1 §1 "single sign-on through a partner retail programme", §2.1 login-{partner}: the
 * partners' OpenID Connect providers and the logins started with them.
 */
import type { Db } from '../db/database.ts';
import type { PartnerProviderRow } from '../db/tables/auth.table.ts';
import type { SecretBox } from '../lib/secretBox.ts';
import { hashToken } from '../lib/tokens.ts';

/** The partners offered on the login page. */
export async function enabledPartners(db: Db): Promise<Array<{ slug: string; name: string }>> {
  return db.selectFrom('partner_providers').select(['slug', 'name']).where('enabled', '=', true).orderBy('name').execute();
}

/** The enabled partner of that slug, its client secret opened (stored sealed, lib/secretBox.ts). */
export async function findPartner(db: Db, slug: string, box: SecretBox): Promise<PartnerProviderRow | undefined> {
  const row = await db.selectFrom('partner_providers').selectAll().where('slug', '=', slug).where('enabled', '=', true).executeTakeFirst();
  return row && { ...row, oidc_client_secret: box.open(row.oidc_client_secret) };
}

export async function saveLoginState(
  db: Db, providerId: number, login: { state: string; codeVerifier: string; nonce: string }, ttlSeconds: number,
): Promise<void> {
  const now = new Date();
  await db.insertInto('partner_login_states').values({
    provider_id: providerId, state_hash: hashToken(login.state), code_verifier: login.codeVerifier, nonce: login.nonce,
    expires_at: new Date(now.getTime() + ttlSeconds * 1000), used_at: null, created_at: now,
  }).execute();
  // the stale ones of every partner go with each new login
  await db.deleteFrom('partner_login_states').where('expires_at', '<', new Date(now.getTime() - 3600_000).toISOString()).execute();
}

/** The started login of that state, taken once (a second use, an expired or unknown state: undefined). */
export async function takeLoginState(db: Db, providerId: number, state: string) {
  return db.updateTable('partner_login_states').set({ used_at: new Date() })
    .where('state_hash', '=', hashToken(state)).where('provider_id', '=', providerId)
    .where('used_at', 'is', null).where('expires_at', '>', new Date().toISOString())
    .returning(['code_verifier', 'nonce']).executeTakeFirst();
}
