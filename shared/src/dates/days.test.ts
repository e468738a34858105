import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, shiftApiDate } from './days.ts';

describe('calendar days (YYYY-MM-DD)', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('counts whole days, negative backwards', () => {
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(daysBetween('2026-12-01', '2026-11-01')).toBe(-30);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-23')).toBe(0);
  });

  it('is not moved by daylight saving anywhere (the days São Paulo, Paris and New York changed clocks)', () => {
    expect(addDays('2018-11-03', 1)).toBe('2018-11-04');
    expect(addDays('2018-11-04', 1)).toBe('2018-11-05');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2018-11-03', '2019-02-18')).toBe(107);
  });

  it('refuses what is not a day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-11-01', 'tomorrow')).toThrow(RangeError);
    expect(shiftApiDate('2026-02-30', 1)).toBeNull();
    expect(shiftApiDate('', 1)).toBeNull();
    expect(shiftApiDate(null, 1)).toBeNull();
    expect(shiftApiDate('2026-11-30', 1)).toBe('2026-12-01');
  });
});
