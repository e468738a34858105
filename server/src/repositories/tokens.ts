import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusableQuery.ts';
import type { UserRow } from '../db/tables/user.table.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshFamilyTtlSeconds: number;
  /** how long the refresh token just rotated may be presented again (two tabs, a lost answer); 0 = never */
  refreshReuseGraceSeconds?: number;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const later = (seconds: number, from = new Date()) => new Date(from.getTime() + seconds * 1000);

async function insertPair(db: Db, userId: number, familyId: string, familyExpires: Date, life: TokenLifetimes): Promise<IssuedTokens> {
  const access = newToken();
  const refresh = newToken();
  const refreshExpires = new Date(Math.min(later(life.refreshTokenTtlSeconds).getTime(), familyExpires.getTime()));
  await db.insertInto('oauth_tokens').values([
    { token_hash: hashToken(access), kind: 'access', family_id: familyId, user_id: userId, expires_at: later(life.accessTokenTtlSeconds), used_at: null, created_at: new Date() },
    { token_hash: hashToken(refresh), kind: 'refresh', family_id: familyId, user_id: userId, expires_at: refreshExpires, used_at: null, created_at: new Date() },
  ]).execute();
  return { access_token: access, refresh_token: refresh, expires_in: life.accessTokenTtlSeconds };
}

/**
 * A login starts a family whose absolute expiry no refresh can extend. An administrative view
 * names its administrator and the one client it is confined to (docs/security.md "Shared users").
 */
export async function startFamily(
  db: Db, userId: number, applicationId: number, life: TokenLifetimes, actingUserId: number | null = null, confinedClientId: number | null = null,
): Promise<IssuedTokens> {
  const id = randomUUID();
  const expires = later(life.refreshFamilyTtlSeconds);
  await db.insertInto('token_families').values({
    id, user_id: userId, application_id: applicationId, expires_at: expires, revoked_at: null, created_at: new Date(),
    acting_user_id: actingUserId, confined_client_id: confinedClientId,
  }).execute();
  return insertPair(db, userId, id, expires, life);
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.updateTable('token_families').set({ revoked_at: new Date() }).where('id', '=', familyId).where('revoked_at', 'is', null).execute();
}

export async function revokeUserFamilies(db: Db, userId: number, exceptFamilyId?: string): Promise<void> {
  let q = db.updateTable('token_families').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptFamilyId) q = q.where('id', '!=', exceptFamilyId);
  await q.execute();
}

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; userId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; familyId: string };

/**
 * The grace of a refresh token presented again: it is the one its family rotated last, within
 * the last `grace` seconds, and the family lives. Two tabs of one browser refreshing from the
 * same cookie at once, or an answer lost on the way, look exactly like this; a leaked token
 * used later, or after its successor was used, does not.
 */
async function withinReuseGrace(db: Db, row: { id: number; family_id: string; used_at: Date | string | null }, graceSeconds: number): Promise<boolean> {
  if (graceSeconds <= 0 || !row.used_at) return false;
  const usedAt = new Date(row.used_at);
  if (Date.now() - usedAt.getTime() > graceSeconds * 1000) return false;
  // a family's tokens are issued in id order, so "a successor was used" is a later id with a
  // used_at — not a later clock reading, which two rotations in one millisecond would share
  const later = await db.selectFrom('oauth_tokens').select('id')
    .where('family_id', '=', row.family_id).where('kind', '=', 'refresh').where('id', '>', row.id).where('used_at', 'is not', null)
    .executeTakeFirst();
  return later === undefined;
}

/**
 * Refresh rotation: a refresh token works once. Presenting one that was already rotated means
 * it leaked, so the whole family is revoked (DESIGN "Auth and permissions") — unless it is the
 * last one rotated, presented again within the grace window (withinReuseGrace), which gets a
 * new pair of the same family.
 */
export async function rotateRefreshToken(db: Db, token: string, applicationId: number, life: TokenLifetimes): Promise<RotateResult> {
  const row = await db.selectFrom('oauth_tokens')
    .innerJoin('token_families', 'token_families.id', 'oauth_tokens.family_id')
    .select([
      'oauth_tokens.id', 'oauth_tokens.user_id', 'oauth_tokens.family_id', 'oauth_tokens.expires_at',
      'oauth_tokens.used_at', 'token_families.expires_at as family_expires_at', 'token_families.revoked_at',
      'token_families.application_id',
    ])
    .where('oauth_tokens.token_hash', '=', hashToken(token))
    .where('oauth_tokens.kind', '=', 'refresh')
    .executeTakeFirst();
  if (!row || row.application_id !== applicationId) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  const now = new Date();
  if (new Date(row.family_expires_at) <= now) return { ok: false, reason: 'expired' };
  const grace = life.refreshReuseGraceSeconds ?? 0;
  const reused = async (usedAt: Date | string | null): Promise<RotateResult> => {
    if (await withinReuseGrace(db, { id: row.id, family_id: row.family_id, used_at: usedAt }, grace)) {
      const tokens = await insertPair(db, row.user_id, row.family_id, new Date(row.family_expires_at), life);
      return { ok: true, tokens, userId: row.user_id };
    }
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: 'reused', familyId: row.family_id };
  };
  if (row.used_at) return reused(row.used_at);
  if (new Date(row.expires_at) <= now) return { ok: false, reason: 'expired' };
  // the `used_at is null` guard makes two concurrent rotations of one token a re-use (within the grace, both go on)
  const claimed = await db.updateTable('oauth_tokens').set({ used_at: now })
    .where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const again = await db.selectFrom('oauth_tokens').select('used_at').where('id', '=', row.id).executeTakeFirst();
    return reused(again?.used_at ?? null);
  }
  const tokens = await insertPair(db, row.user_id, row.family_id, new Date(row.family_expires_at), life);
  return { ok: true, tokens, userId: row.user_id };
}

export interface AccessTokenInfo {
  userId: number;
  familyId: string;
  /** an administrative view works in this client only */
  confinedClientId: number | null;
  /** when the token or its family expires, whichever is first */
  validUntil: Date;
}

const accessTokenUser = reusableQuery((db, tokenHash: string) => db.selectFrom('oauth_tokens')
  .innerJoin('token_families', 'token_families.id', 'oauth_tokens.family_id')
  .innerJoin('users', 'users.id', 'oauth_tokens.user_id')
  .selectAll('users')
  .select([
    'oauth_tokens.family_id as token_family_id', 'oauth_tokens.expires_at as token_expires_at',
    'token_families.revoked_at as family_revoked_at', 'token_families.expires_at as family_expires_at',
    'token_families.confined_client_id as family_confined_client_id',
  ])
  .where('oauth_tokens.token_hash', '=', tokenHash)
  .where('oauth_tokens.kind', '=', 'access'), ['\u0000token_hash'] as [string]);

/**
 * A valid access token and its user, in one query: the lookup every authenticated request makes
 * (the token, its family's revocation and expiry, the user row).
 */
export async function findAccessTokenUser(db: Db, token: string): Promise<(AccessTokenInfo & { user: UserRow }) | null> {
  return findAccessTokenUserByHash(db, hashToken(token));
}

/** The same, by the token's hash (lib/tokens.ts hashToken). */
export async function findAccessTokenUserByHash(db: Db, tokenHash: string): Promise<(AccessTokenInfo & { user: UserRow }) | null> {
  const now = new Date();
  const [row] = await accessTokenUser(db, tokenHash);
  if (!row || row.family_revoked_at) return null;
  const validUntil = new Date(Math.min(new Date(row.token_expires_at).getTime(), new Date(row.family_expires_at).getTime()));
  if (validUntil <= now) return null;
  const {
    token_family_id: familyId, token_expires_at: _t, family_revoked_at: _r, family_expires_at: _f, family_confined_client_id: confinedClientId, ...user
  } = row;
  return { userId: user.id, familyId, confinedClientId, validUntil, user };
}

/** The token alone (who and which session), by the same lookup. */
export async function findAccessToken(db: Db, token: string): Promise<AccessTokenInfo | null> {
  const found = await findAccessTokenUser(db, token);
  return found && { userId: found.userId, familyId: found.familyId, confinedClientId: found.confinedClientId, validUntil: found.validUntil };
}

/** Logout: revoke whatever family the presented token (access or refresh) belongs to; its id, or null for an unknown token. */
export async function revokeByToken(db: Db, token: string): Promise<string | null> {
  const row = await db.selectFrom('oauth_tokens').select('family_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return null;
  await revokeFamily(db, row.family_id);
  return row.family_id;
}

/** The administrator behind an administrative-view session (spec 1 §2.3 "log in as the user"). */
export async function familyActor(db: Db, familyId: string): Promise<{ id: number; full_name: string } | null> {
  const row = await db.selectFrom('token_families').innerJoin('users', 'users.id', 'token_families.acting_user_id')
    .select(['users.id', 'users.full_name']).where('token_families.id', '=', familyId).executeTakeFirst();
  return row ?? null;
}

export async function familyApplicationId(db: Db, familyId: string): Promise<number | null> {
  const row = await db.selectFrom('token_families').select('application_id').where('id', '=', familyId).executeTakeFirst();
  return row?.application_id ?? null;
}

/** Who acts through the token family in an administrative view (null: the user themself; undefined: no such family). */
export async function actingUserOf(db: Db, familyId: string): Promise<number | null | undefined> {
  const row = await db.selectFrom('token_families').select('acting_user_id').where('id', '=', familyId).executeTakeFirst();
  return row?.acting_user_id;
}
