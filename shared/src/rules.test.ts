import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkPassword } from './password.ts';
import { brazilianDocumentOf, documentDigits, isValidBrazilianDocument, maskDocument, unmaskDocument } from './document.ts';
import { slugify } from './slug.ts';
import { formatDate, toApiDate } from './dates/index.ts';
import { pageRange } from './pagination.ts';
import { isValidEmail, normaliseUsername } from './email.ts';
import { languageIdForLocale, localeForLanguageId } from './languages.ts';

describe('spec 1 §5.1 password levels', () => {
  it('low: at least 6 characters', () => {
    expect(checkPassword('12345')).toBe('password_too_short');
    expect(checkPassword('123456')).toBeNull();
  });
  it('medium: upper, lower and numbers', () => {
    expect(checkPassword('abcdef', 'medium')).toBe('password_needs_mixed_case_and_numbers');
    expect(checkPassword('Abcde1', 'medium')).toBeNull();
  });
  it('strong: medium plus a symbol', () => {
    expect(checkPassword('Abcde1', 'strong')).toBe('password_needs_symbol');
    expect(checkPassword('Abcde1!', 'strong')).toBeNull();
  });
  it('change password: filled, policy, then confirmation', () => {
    expect(checkNewPassword('', '')).toBe('make_sure_that_all_fields_are_filled_in');
    expect(checkNewPassword('abc', 'abc')).toBe('password_too_short');
    expect(checkNewPassword('abcdef', 'abcdeg')).toBe('password_confirmation_mismatch');
    expect(checkNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});

describe('spec 1 §5.2 documents', () => {
  it('checks the Brazilian check digits', () => {
    expect(isValidBrazilianDocument('529.982.247-25')).toBe(true);
    expect(isValidBrazilianDocument('52998224725')).toBe(true);
    expect(isValidBrazilianDocument('52998224726')).toBe(false);
    expect(isValidBrazilianDocument('111.111.111-11')).toBe(false);
    expect(isValidBrazilianDocument('1234567890')).toBe(false);
    expect(brazilianDocumentOf('529982247')).toBe('52998224725');
    expect(isValidBrazilianDocument(brazilianDocumentOf('123456789'))).toBe(true);
  });
  it('masks by country', () => {
    expect(maskDocument('52998224725', 'BRA')).toBe('529.982.247-25');
    expect(maskDocument('5299', 'BRA')).toBe('529.9');
    expect(maskDocument('1234567890AB', 'ARG')).toBe('123456789');
    expect(maskDocument('123456789', 'URY')).toBe('12345678');
    expect(maskDocument('x'.repeat(60), 'USA')).toHaveLength(50);
  });
  it('unmasks to alphanumerics and sends digits only', () => {
    expect(unmaskDocument('529.982.247-25')).toBe('52998224725');
    expect(documentDigits('AB-12.3')).toBe('123');
  });
});

describe('spec 1 §5.5 slug helper', () => {
  it('lowercases, maps accents and specials, hyphenates and trims', () => {
    expect(slugify('  Olá Mundo!  ')).toBe('ola-mundo');
    expect(slugify('Straße Æble Øre Œuvre')).toBe('strasse-aeble-oere-oeuvre');
    expect(slugify('50% off -- now')).toBe('50pct-off-now');
    expect(slugify('--a---b--')).toBe('a-b');
  });
});

describe('spec 1 §9 dates and tables', () => {
  it('shows DD/MM/YYYY for languages 1 and 3 and MM-DD-YYYY otherwise', () => {
    const d = '2026-03-09T12:00:00Z';
    expect(formatDate(d, 1)).toBe('09/03/2026');
    expect(formatDate(d, 3)).toBe('09/03/2026');
    expect(formatDate(d, 2)).toBe('03-09-2026');
    expect(formatDate(d, 4)).toBe('03-09-2026');
  });
  it('sends YYYY-MM-DD', () => {
    expect(toApiDate(new Date('2026-03-09T23:00:00Z'))).toBe('2026-03-09');
  });
  it('computes "Showing {0} to {1} of {2} records"', () => {
    expect(pageRange(1, 5, 12)).toEqual([1, 5, 12]);
    expect(pageRange(3, 5, 12)).toEqual([11, 12, 12]);
    expect(pageRange(1, 5, 0)).toEqual([0, 0, 0]);
  });
});

describe('usernames and languages', () => {
  it('accepts an e-mail or a document (digits only)', () => {
    expect(normaliseUsername(' Ana@Demo.Local ')).toBe('ana@demo.local');
    expect(normaliseUsername('529.982.247-25')).toBe('52998224725');
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
  it('maps language ids to locales, pt-br by default', () => {
    expect(localeForLanguageId(3)).toBe('es');
    expect(localeForLanguageId(99)).toBe('pt-br');
    expect(languageIdForLocale('fr')).toBe(4);
  });
});
