import { describe, expect, it } from 'vitest';
import { expandRecurrence, occurrenceInstants, recurrenceRefusal } from '../src/fieldSales/recurrence.ts';

/** spec 3 §3 "recurrence: frequency, unit, repeat count", §9 "Recurrence maximum 365"; RFC 5545 through rrule. */
describe('field-sales recurrence expansion', () => {
  it('expands each frequency on the wall-clock calendar', () => {
    expect(expandRecurrence('2026-12-30', { frequency: 'daily', count: 4 })).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    // Monday, Wednesday and Friday from a Monday
    expect(expandRecurrence('2026-11-30', { frequency: 'weekly', count: 5, weekdays: [1, 3, 5] })).toEqual(['2026-11-30', '2026-12-02', '2026-12-04', '2026-12-07', '2026-12-09']);
    expect(expandRecurrence('2026-11-30', { frequency: 'weekly', count: 2 })).toEqual(['2026-11-30', '2026-12-07']);
    expect(expandRecurrence('2028-02-29', { frequency: 'yearly', count: 2 })).toEqual(['2028-02-29', '2032-02-29']);
    expect(expandRecurrence('2027-01-31', { frequency: 'custom', interval: 3, unit: 'days', count: 3 })).toEqual(['2027-01-31', '2027-02-03', '2027-02-06']);
    expect(expandRecurrence('2027-01-15', { frequency: 'custom', interval: 6, unit: 'months', count: 3 })).toEqual(['2027-01-15', '2027-07-15', '2028-01-15']);
    expect(expandRecurrence('2027-01-15', { frequency: 'custom', interval: 1, unit: 'years', count: 2 })).toEqual(['2027-01-15', '2028-01-15']);
  });

  it('refuses more than 365 occurrences and a custom rule without its unit', () => {
    expect(recurrenceRefusal({ frequency: 'daily', count: 365 })).toBeNull();
    expect(recurrenceRefusal({ frequency: 'daily', count: 366 })).toBe('recurrence_above_limit');
    expect(recurrenceRefusal({ frequency: 'custom', count: 3 })).toBe('validation_error');
    expect(() => expandRecurrence('2027-01-01', { frequency: 'daily', count: 366 })).toThrow('recurrence_above_limit');
  });

  it('places each occurrence in its zone across a clock change', () => {
    // Paris leaves summer time on 25 October 2026; São Paulo keeps UTC−3
    expect(occurrenceInstants('2026-10-24', '09:00', '10:00', 'Europe/Paris').starts_at.toISOString()).toBe('2026-10-24T07:00:00.000Z');
    expect(occurrenceInstants('2026-10-26', '09:00', '10:00', 'Europe/Paris').starts_at.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(occurrenceInstants('2026-10-26', '09:00', '10:00', 'America/Sao_Paulo').ends_at.toISOString()).toBe('2026-10-26T13:00:00.000Z');
  });
});
