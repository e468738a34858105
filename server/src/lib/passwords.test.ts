import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses the parallelism OWASP pairs with the memory cost, and stores it in the hash', async () => {
    const hash = await hashPassword('Learner#2026!', 14);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '14', '8', '5']);
    expect(await verifyPassword('Learner#2026!', hash)).toBe(true);
    expect(await verifyPassword('learner#2026!', hash)).toBe(false);
  });

  it('still verifies hashes made with other parameters (each hash carries its own)', async () => {
    const old = await hashPassword('Admin#2026!', 17);
    expect(old.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
    expect(await verifyPassword('Admin#2026!', old)).toBe(true);
    expect(await verifyPassword('Admin#2026!', 'bcrypt$x')).toBe(false);
  });
});
