/** spec 1 §2.1 recovery by SMS: the 6-digit codes, their lifetime and their counted guesses. */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { safeEqual } from '../lib/tokens.ts';

// salted with the row's user: a leaked table does not give one rainbow table for every code
const hashCode = (userId: number, code: string) => createHash('sha256').update(`sms-code.v1.${userId}.${code}`).digest('hex');

/** A new code for the user, replacing any unused earlier one (only the latest works). */
export async function createSmsCode(db: Db, userId: number, ttlSeconds: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await db.deleteFrom('sms_codes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.insertInto('sms_codes').values({
    user_id: userId, code_hash: hashCode(userId, code), attempts: 0,
    expires_at: new Date(now.getTime() + ttlSeconds * 1000), used_at: null, created_at: now,
  }).execute();
  return code;
}

/**
 * One guess at the user's live code. The guess is counted first, in one conditional statement
 * (attempts < max), so simultaneous guesses never get more tries than allowed; a right guess
 * then uses the code up, once.
 */
export async function trySmsCode(db: Db, userId: number, code: string, maxAttempts: number): Promise<boolean> {
  const live = await db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId).where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString()).where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash']).executeTakeFirst();
  if (!live || !safeEqual(live.code_hash, hashCode(userId, code))) return false;
  const used = await db.updateTable('sms_codes').set({ used_at: new Date() })
    .where('id', '=', live.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
