/**
 * spec 4 "Certificate expiration input": a number plus a unit (days = 1, months = 30,
 * years = 365) emits number × multiplier in days; blank means never expires. The input
 * itself debounces (1 s) and resets the number to 0 on a unit change; these are its numbers.
 */
export const EXPIRATION_UNITS = { days: 1, months: 30, years: 365 } as const;
export type ExpirationUnit = keyof typeof EXPIRATION_UNITS;

/** number × multiplier; null (never expires) for a blank, negative or non-numeric amount. */
export function expirationDays(amount: number | string | null | undefined, unit: ExpirationUnit): number | null {
  if (amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '')) return null;
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * EXPIRATION_UNITS[unit]);
}

/**
 * How a stored qty_certificate_expiration_days is shown again: the largest unit that divides
 * it exactly (730 → 2 years, 60 → 2 months, 45 → 45 days, 0 → 0 days); null stays blank.
 */
export function expirationInput(days: number | null | undefined): { amount: number; unit: ExpirationUnit } | null {
  if (days === null || days === undefined || days < 0) return null;
  if (days === 0) return { amount: 0, unit: 'days' };
  if (days % EXPIRATION_UNITS.years === 0) return { amount: days / EXPIRATION_UNITS.years, unit: 'years' };
  if (days % EXPIRATION_UNITS.months === 0) return { amount: days / EXPIRATION_UNITS.months, unit: 'months' };
  return { amount: days, unit: 'days' };
}

/** spec 4: "changing the unit resets the number to 0". */
export function changeExpirationUnit(unit: ExpirationUnit): { amount: number; unit: ExpirationUnit } {
  return { amount: 0, unit };
}
