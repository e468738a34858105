import type { Db } from '../db/database.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/** A new request replaces any earlier link of the user (only the latest works). */
export async function createReset(db: Db, userId: number, ttlSeconds: number): Promise<string> {
  const token = newToken();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.insertInto('password_resets').values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + ttlSeconds * 1000),
    used_at: null,
    created_at: new Date(),
  }).execute();
  return token;
}

export async function findUsableReset(db: Db, userId: number, token: string) {
  const row = await db.selectFrom('password_resets').selectAll()
    .where('token_hash', '=', hashToken(token)).where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.used_at || new Date(row.expires_at) <= new Date()) return null;
  return row;
}

/** Single use: only the first caller gets true. */
export async function consumeReset(db: Db, id: number): Promise<boolean> {
  const res = await db.updateTable('password_resets').set({ used_at: new Date() })
    .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
