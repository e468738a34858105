import { describe, expect, it } from 'vitest';
import { isApiDate, parseApiDate, parseApiDateTime, parseDateTime, toInstant } from './parse.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

describe("spec 1 §9: days sent as 'YYYY-MM-DD'", () => {
  it('reads a real day as its midnight in Etc/GMT', () => {
    expect(iso(parseApiDate('2026-02-28'))).toBe('2026-02-28T00:00:00.000Z');
    expect(iso(parseApiDate('2028-02-29'))).toBe('2028-02-29T00:00:00.000Z');
    expect(iso(parseApiDate('2026-12-31'))).toBe('2026-12-31T00:00:00.000Z');
  });

  it('refuses days the calendar does not hold and other shapes', () => {
    for (const text of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '26-02-01', '2026-2-1', '29/02/2028',
      '20260228', '2026-02', '2026-02-28T00:00:00Z', ' 2026-02-28', '', 'yesterday']) {
      expect(parseApiDate(text), text).toBeNull();
      expect(isApiDate(text), text).toBe(false);
    }
    expect(parseApiDate(null)).toBeNull();
    expect(isApiDate(undefined)).toBe(false);
    expect(isApiDate('2028-02-29')).toBe(true);
  });
});

describe("spec 1 §9: date-times sent as 'YYYY-MM-DDTHH:mm:ssZ'", () => {
  it('reads one with an offset as that instant, whatever zone is given', () => {
    expect(iso(parseDateTime('2026-11-23T19:00:00-03:00', 'UTC'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(parseDateTime('2026-11-23T22:00:00Z', 'Asia/Tokyo'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(parseDateTime('2026-11-24T03:30:00+0530', 'Mars/Olympus'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(parseDateTime('2026-11-23T22:00:00.250Z'))).toBe('2026-11-23T22:00:00.250Z');
    expect(iso(parseDateTime('2026-11-23 19:00:00 -03:00'))).toBe('2026-11-23T22:00:00.000Z');
  });

  it('reads one without an offset as a wall-clock time in the zone (Etc/GMT by default)', () => {
    expect(iso(parseDateTime('2026-11-23 19:00:00', 'America/Sao_Paulo'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(parseDateTime('2026-07-01T10:00', 'Europe/Paris'))).toBe('2026-07-01T08:00:00.000Z');
    expect(iso(parseDateTime('2026-01-01T10:00', 'Europe/Paris'))).toBe('2026-01-01T09:00:00.000Z');
    expect(iso(parseDateTime('2026-11-23T19:00'))).toBe('2026-11-23T19:00:00.000Z');
    // Brazil's historic summer time: -02:00 in January 2019
    expect(iso(parseDateTime('2019-01-15 10:00:00', 'America/Sao_Paulo'))).toBe('2019-01-15T12:00:00.000Z');
    // a skipped hour moves forward; a repeated one is the earlier
    expect(iso(parseDateTime('2026-03-08T02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(parseDateTime('2026-11-01T01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses what is not a real date and time', () => {
    for (const text of ['2026-02-31T10:00:00-03:00', '2026-11-23 25:00:00', '2026-11-23T24:00:00Z', '2026-11-23T10:60:00Z',
      '2026-11-23T10:00:61Z', '2026-11-23T10:00:00+15:00', '2026-11-23', '23/11/2026 10:00', 'yesterday', '']) {
      expect(parseDateTime(text, 'UTC'), text).toBeNull();
    }
    expect(parseDateTime(null)).toBeNull();
    // without an offset the zone must be known
    expect(parseDateTime('2026-11-23 19:00:00', 'Mars/Olympus')).toBeNull();
  });

  it('takes an instant from the API only with its offset', () => {
    expect(iso(parseApiDateTime('2026-11-23T19:00:00-03:00'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(parseApiDateTime('2026-11-23T22:00:00Z'))).toBe('2026-11-23T22:00:00.000Z');
    expect(parseApiDateTime('2026-11-23T19:00:00')).toBeNull();
    expect(parseApiDateTime('2026-11-23')).toBeNull();
    expect(parseApiDateTime('2026-02-31T10:00:00Z')).toBeNull();
    expect(parseApiDateTime(undefined)).toBeNull();
  });
});

describe('a value a screen received → an instant', () => {
  it('takes Dates, date-times and days', () => {
    const at = new Date('2026-11-23T22:00:00Z');
    expect(toInstant(at)).toBe(at);
    expect(iso(toInstant('2026-11-23T19:00:00-03:00'))).toBe('2026-11-23T22:00:00.000Z');
    expect(iso(toInstant('2026-11-23'))).toBe('2026-11-23T00:00:00.000Z');
  });

  it('gives null for nothing or garbage', () => {
    expect(toInstant(null)).toBeNull();
    expect(toInstant(undefined)).toBeNull();
    expect(toInstant('')).toBeNull();
    expect(toInstant('not a date')).toBeNull();
    expect(toInstant(new Date(Number.NaN))).toBeNull();
  });
});
