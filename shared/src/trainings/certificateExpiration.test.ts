import { describe, expect, it } from 'vitest';
import { EXPIRATION_UNITS, changeExpirationUnit, expirationDays, expirationInput } from './certificateExpiration.ts';

describe('spec 4 "Certificate expiration input"', () => {
  it('"a number plus a unit: days = 1, months = 30, years = 365" emits number × multiplier in days', () => {
    expect(EXPIRATION_UNITS).toEqual({ days: 1, months: 30, years: 365 });
    expect(expirationDays(10, 'days')).toBe(10);
    expect(expirationDays('2', 'months')).toBe(60);
    expect(expirationDays(3, 'years')).toBe(1095);
    expect(expirationDays(0, 'years')).toBe(0);
  });

  it('"blank means never expires"', () => {
    expect(expirationDays('', 'days')).toBeNull();
    expect(expirationDays(' ', 'months')).toBeNull();
    expect(expirationDays(null, 'years')).toBeNull();
    expect(expirationDays('abc', 'days')).toBeNull();
    expect(expirationInput(null)).toBeNull();
  });

  it('"changing the unit resets the number to 0"', () => {
    expect(changeExpirationUnit('months')).toEqual({ amount: 0, unit: 'months' });
  });

  it('shows a stored value in the largest unit that divides it, and round-trips', () => {
    expect(expirationInput(730)).toEqual({ amount: 2, unit: 'years' });
    expect(expirationInput(60)).toEqual({ amount: 2, unit: 'months' });
    expect(expirationInput(45)).toEqual({ amount: 45, unit: 'days' });
    for (const days of [0, 1, 29, 30, 365, 366, 1825]) {
      const input = expirationInput(days)!;
      expect(expirationDays(input.amount, input.unit)).toBe(days);
    }
  });
});
