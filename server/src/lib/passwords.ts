import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

function options(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default
  return { N, r, p, maxmem: 256 * N * r };
}

/**
 * OWASP's equally strong scrypt settings (r=8): the parallelism that goes with each memory cost.
 * 2^14 with p=5 needs 16 MiB per hash where 2^17 with p=1 needs 128 MiB, so a burst of logins,
 * or an import hashing the default password, does not multiply a large allocation.
 */
const OWASP_PARALLELISM: Record<number, number> = { 17: 1, 16: 2, 15: 3, 14: 5, 13: 10 };

/**
 * scrypt at OWASP's parameters (N=2^14, r=8, p=5 by default; lower logN in tests).
 * Stored as `scrypt$logN$r$p$salt$hash` so parameters can change without breaking old hashes.
 */
export async function hashPassword(password: string, logN = 14): Promise<string> {
  const salt = randomBytes(16);
  const p = OWASP_PARALLELISM[logN] ?? 1;
  const key = await scrypt(password, salt, options(logN, 8, p));
  return ['scrypt', logN, 8, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), options(Number(logN), Number(r), Number(p)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Used when the user does not exist, so timing does not reveal which usernames exist (one per cost). */
const dummyHashes = new Map<number, Promise<string>>();
export async function verifyAgainstDummy(password: string, logN: number): Promise<void> {
  let dummy = dummyHashes.get(logN);
  if (!dummy) {
    dummy = hashPassword('dummy-password-for-timing', logN);
    dummyHashes.set(logN, dummy);
  }
  await verifyPassword(password, await dummy);
}

const isScrypt = (stored: string) => stored.startsWith('scrypt$');

/**
 * verifyPassword, but an account without a usable password (an unusable hash: created without
 * one, or imported) costs a hash of the configured cost too, so a wrong login for it answers in
 * the time of any other (docs/security.md "Equal-time answers").
 */
export async function verifyPasswordOrDummy(password: string, stored: string, logN: number): Promise<boolean> {
  if (isScrypt(stored)) return verifyPassword(password, stored);
  await verifyAgainstDummy(password, logN);
  return false;
}
