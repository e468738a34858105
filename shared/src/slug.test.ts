import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

/** spec 1 §5.5, rule by rule (the basic cases are in rules.test.ts). */
describe('slugify (spec 1 §5.5)', () => {
  it('lowercases', () => {
    expect(slugify('ABC Def')).toBe('abc-def');
  });

  it('maps accented letters to ASCII, including those Unicode does not decompose', () => {
    expect(slugify('Ação Pública Ünïcödé ñ ç')).toBe('acao-publica-unicode-n-c');
    expect(slugify('ß æ ø œ Æ Ø Œ')).toBe('ss-ae-oe-oe-ae-oe-oe');
    expect(slugify('Łódź Þór Ðan đ ħ ı')).toBe('lodz-thor-dan-d-h-i');
  });

  it('turns % into pct', () => {
    expect(slugify('100%')).toBe('100pct');
    expect(slugify('%')).toBe('pct');
  });

  it('turns any whitespace into one hyphen', () => {
    expect(slugify('a\tb\nc   d')).toBe('a-b-c-d');
  });

  it('removes other non-word characters and keeps digits and underscores', () => {
    expect(slugify('Q&A: 2026/11 (v2)_final!')).toBe('qa-202611-v2_final');
    expect(slugify('emoji 🎉 here')).toBe('emoji-here');
  });

  it('collapses repeated hyphens and trims them at both ends', () => {
    expect(slugify(' - a - - b - ')).toBe('a-b');
    expect(slugify('!!!')).toBe('');
  });

  it('is stable: a slug slugifies to itself', () => {
    for (const text of ['Termos de Uso', 'Política de Privacidade 2026', 'a_b-c']) {
      const slug = slugify(text);
      expect(slugify(slug)).toBe(slug);
    }
  });
});
