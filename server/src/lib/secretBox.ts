/**
 * Secrets the server must read back (a partner provider's OpenID client secret, spec 1 §2.1
 * login-{partner}) are kept encrypted at rest: AES-256-GCM with a random 96-bit IV, the stored
 * text `v1:` + base64(iv | tag | ciphertext). The key is PARTNER_SECRET_KEY, or one derived with
 * HKDF from the server's media URL secret (docs/security.md "Secrets at rest"), so a database dump
 * alone does not reveal the secrets.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** whether a stored value is already sealed (rows written before encryption are not) */
  isSealed(stored: string): boolean;
}

/** A 32-byte AES key from a configured secret (any text) or the server's media secret. */
export function secretKey(configured: string | null, fallback: Buffer): Buffer {
  const material = configured ? Buffer.from(configured, 'utf8') : fallback;
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'lp stored secrets v1', 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
