import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretKey } from './secretBox.ts';

describe('secret box (AES-256-GCM at rest)', () => {
  const media = randomBytes(32);
  const box = createSecretBox(secretKey(null, media));

  it('seals to a fresh text each time and opens it back', () => {
    const a = box.seal('partner-secret');
    const b = box.seal('partner-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('partner-secret');
    expect(box.isSealed(a)).toBe(true);
    expect(box.open(a)).toBe('partner-secret');
    expect(box.open(b)).toBe('partner-secret');
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal('partner-secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = raw.at(-1)! ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox(secretKey('another key', media)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });

  it('derives the same key from the same configured secret, another from the media secret', () => {
    expect(secretKey('k', media).equals(secretKey('k', randomBytes(32)))).toBe(true);
    expect(secretKey(null, media).equals(secretKey('k', media))).toBe(false);
    expect(secretKey(null, media)).toHaveLength(32);
  });
});
