import type { Db } from '../db/database.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/**
 * spec 1 §2.1 one-time links: recover-password (`recovery`), set-password on first access
 * (`first_access`), and the self-registered account's e-mail check (`verify_email`).
 */
export const LINK_PURPOSES = ['recovery', 'first_access', 'verify_email'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** The links that open the set-a-password form. */
export const PASSWORD_LINKS: readonly LinkPurpose[] = ['recovery', 'first_access'];

/** A new request replaces any earlier unused link of the user of that kind (only the latest works). */
export async function createReset(db: Db, userId: number, ttlSeconds: number, purpose: LinkPurpose = 'recovery'): Promise<string> {
  const token = newToken();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  await db.insertInto('password_resets').values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlSeconds * 1000),
    used_at: null,
    created_at: new Date(),
    purpose,
  }).execute();
  return token;
}

export async function findUsableReset(db: Db, userId: number, token: string, purposes: readonly LinkPurpose[] = PASSWORD_LINKS) {
  const row = await db.selectFrom('password_resets').selectAll()
    .where('token_hash', '=', hashToken(token)).where('user_id', '=', userId)
    .where('purpose', 'in', [...purposes]).executeTakeFirst();
  if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
  return row;
}

/** Single use: only the first caller gets true. */
export async function consumeReset(db: Db, id: number): Promise<boolean> {
  const res = await db.updateTable('password_resets').set({ used_at: new Date() })
    .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The client's people created since `since` who have neither a usable password nor a
 * first-access link yet: the users an import just created with USER_IMPORT_PASSWORD=link.
 * Asking again (a resumed job) finds only those still without a link.
 */
export async function usersAwaitingFirstAccess(db: Db, clientId: number, since: Date) {
  return db.selectFrom('users').innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.full_name', 'users.language_id'])
    .where('user_clients.client_id', '=', clientId)
    .where('users.created_at', '>=', since.toISOString())
    .where('users.password_hash', 'like', '!unusable$%')
    .where('users.status', '!=', 'deleted')
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('password_resets').select('password_resets.id')
        .whereRef('password_resets.user_id', '=', 'users.id').where('password_resets.purpose', '=', 'first_access'),
    )))
    .execute();
}
