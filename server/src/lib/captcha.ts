/**
 * spec 1 §2.1 / §5.5 captcha (login configuration use_recaptcha): a self-hosted, privacy-friendly
 * proof of work (ALTCHA, altcha-lib). The browser's widget fetches a signed challenge, works out
 * the counter whose PBKDF2 key has the challenge's prefix, and sends {challenge, solution} as a
 * base64 payload with the form; the server checks the signatures (no key derivation needed: the
 * key itself is signed), the expiry, and that the payload is used once.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../db/database.ts';
import { useCaptchaOnce } from '../repositories/captchaUses.ts';

/** How long a challenge may be solved and sent. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

export interface CaptchaKeys {
  signature: string;
  keySignature: string;
}

/** Both HMAC secrets, derived from the server's media key (nodes sharing DATA_DIR or MEDIA_URL_SECRET share them). */
export function captchaKeys(serverSecret: Buffer): CaptchaKeys {
  const derive = (label: string) => createHmac('sha256', serverSecret).update(`lp-captcha.v1.${label}`).digest('hex');
  return { signature: derive('challenge'), keySignature: derive('key') };
}

export function newCaptchaChallenge(keys: CaptchaKeys, work: { cost: number; maxCounter: number }): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: work.cost,
    counter: randomInt(Math.ceil(work.maxCounter / 2), work.maxCounter),
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
}

function decode(payload: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const p = value as Partial<Payload> | null;
    return p && typeof p === 'object' && p.challenge && typeof p.challenge === 'object' && p.solution && typeof p.solution === 'object' ? p as Payload : null;
  } catch {
    return null;
  }
}

/** Whether the payload solves a challenge of ours, unexpired and never used before. */
export async function captchaSolved(db: Db, keys: CaptchaKeys, payload: string): Promise<boolean> {
  const decoded = decode(payload);
  if (!decoded?.challenge.signature) return false;
  let verified: boolean;
  try {
    verified = (await verifySolution({
      challenge: decoded.challenge, solution: decoded.solution, deriveKey,
      hmacSignatureSecret: keys.signature, hmacKeySignatureSecret: keys.keySignature,
    })).verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  const expires = decoded.challenge.parameters.expiresAt;
  // expiresAt is in seconds (altcha-lib)
  return useCaptchaOnce(db, decoded.challenge.signature, new Date((expires ?? Date.now() / 1000 + CAPTCHA_TTL_SECONDS) * 1000));
}
