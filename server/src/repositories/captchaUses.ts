import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { hashToken } from '../lib/tokens.ts';

/** spec 1 §5.5: a solved challenge counts once — false when it was used already. */
export async function useCaptchaOnce(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('captcha_uses').where('expires_at', '<', new Date().toISOString()).execute();
  try {
    await db.insertInto('captcha_uses').values({ signature_hash: hashToken(signature), expires_at: expiresAt }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
