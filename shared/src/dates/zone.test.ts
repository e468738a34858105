import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE, formatOffset, fromWallClock, guessTimezone, isValidTimezone, timezoneOffsetMinutes, timezoneOptions, userTimeZone, zoneOr,
  type WallClock,
} from './zone.ts';

const wall = (text: string): WallClock => {
  const [day, time] = text.split(' ');
  const [year, month, date] = day!.split('-').map(Number);
  const [hour, minute] = time!.split(':').map(Number);
  return { year: year!, month: month!, day: date!, hour: hour!, minute: minute!, second: 0 };
};
const utc = (text: string, zone: string) => fromWallClock(wall(text), zone).toISOString();

describe('spec 1 §9: zones', () => {
  it('defaults to Etc/GMT', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Etc/GMT');
    expect(zoneOr(null)).toBe('Etc/GMT');
    expect(zoneOr('Mars/Olympus')).toBe('Etc/GMT');
    expect(zoneOr('Mars/Olympus', 'UTC')).toBe('UTC');
    expect(zoneOr('America/Sao_Paulo')).toBe('America/Sao_Paulo');
  });

  it('knows valid zones only', () => {
    expect(isValidTimezone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimezone('Etc/GMT')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
    expect(isValidTimezone(null)).toBe(false);
    expect(isValidTimezone('x'.repeat(65))).toBe(false);
    // asked again (valid zones are remembered, invalid ones are not)
    expect(isValidTimezone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
  });

  it("shows times in the user's zone: a valid preferred one, else the runtime's, else Etc/GMT", () => {
    expect(userTimeZone('Europe/Paris')).toBe('Europe/Paris');
    const runtime = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(userTimeZone('Mars/Olympus')).toBe(isValidTimezone(runtime) ? runtime : 'Etc/GMT');
    expect(userTimeZone()).toBe(userTimeZone(null));
    expect(isValidTimezone(guessTimezone())).toBe(true);
  });
});

describe('spec 4 "Dates": timezone options', () => {
  const at = new Date('2026-01-15T12:00:00Z');
  const options = timezoneOptions(at);

  it('lists every zone the runtime knows, sorted by UTC offset', () => {
    expect(options.length).toBe(new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']).size);
    for (let i = 1; i < options.length; i += 1) expect(options[i]!.offset).toBeGreaterThanOrEqual(options[i - 1]!.offset);
    expect(options[0]!.offset).toBeLessThanOrEqual(-11 * 60);
    expect(options.at(-1)!.offset).toBeGreaterThanOrEqual(13 * 60);
  });

  it("labels each '(GMT±hh:mm) Zone'", () => {
    expect(options.find((o) => o.value === 'America/Sao_Paulo')!.label).toBe('(GMT-03:00) America/Sao_Paulo');
    expect(options.find((o) => o.value === 'America/St_Johns')!.label).toBe('(GMT-03:30) America/St_Johns');
    const india = options.filter((o) => o.offset === 330);
    expect(india.length).toBeGreaterThan(0);
    for (const o of india) expect(o.label).toBe(`(GMT+05:30) ${o.value}`);
    expect(options.find((o) => o.value === 'UTC')!.label).toBe('(GMT+00:00) UTC');
    for (const o of options) expect(o.label).toMatch(/^\(GMT[+-]\d{2}:\d{2}\) \S+$/);
  });

  it('uses the offset in force at that moment (daylight saving)', () => {
    expect(timezoneOffsetMinutes('Europe/Paris', new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(timezoneOffsetMinutes('Europe/Paris', new Date('2026-07-15T12:00:00Z'))).toBe(120);
    expect(timezoneOffsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    // Brazil kept summer time until 2019
    expect(timezoneOffsetMinutes('America/Sao_Paulo', new Date('2019-01-15T12:00:00Z'))).toBe(-120);
    expect(timezoneOffsetMinutes('America/Sao_Paulo', new Date('2026-01-15T12:00:00Z'))).toBe(-180);
    expect(timezoneOffsetMinutes('Etc/GMT', new Date('2026-07-15T12:00:00Z'))).toBe(0);
    expect(timezoneOptions(new Date('2026-07-15T12:00:00Z')).find((o) => o.value === 'Europe/Paris')!.label).toBe('(GMT+02:00) Europe/Paris');
  });

  it('writes offsets as ±hh:mm', () => {
    expect(formatOffset(-150)).toBe('-02:30');
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(-180)).toBe('-03:00');
  });
});

describe('a wall-clock time in a zone → the instant', () => {
  it('reads ordinary times with the offset in force', () => {
    expect(utc('2026-11-23 19:00', 'America/Sao_Paulo')).toBe('2026-11-23T22:00:00.000Z');
    expect(utc('2026-07-01 10:00', 'Europe/Paris')).toBe('2026-07-01T08:00:00.000Z');
    expect(utc('2026-01-01 10:00', 'Europe/Paris')).toBe('2026-01-01T09:00:00.000Z');
    expect(utc('2026-11-23 19:00', 'Etc/GMT')).toBe('2026-11-23T19:00:00.000Z');
    expect(utc('2026-11-23 19:00', 'Asia/Kolkata')).toBe('2026-11-23T13:30:00.000Z');
  });

  it('moves a time a clock change skips forward by the gap', () => {
    // New York, 8 March 2026: 02:00 EST became 03:00 EDT
    expect(utc('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(utc('2026-03-08 01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(utc('2026-03-08 03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // Paris, 29 March 2026: 02:00 CET became 03:00 CEST
    expect(utc('2026-03-29 02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    // São Paulo, 4 November 2018: midnight became 01:00 (summer time began)
    expect(utc('2018-11-04 00:30', 'America/Sao_Paulo')).toBe('2018-11-04T03:30:00.000Z');
    expect(utc('2018-11-04 01:00', 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
  });

  it('takes the earlier instant of a time a clock change repeats', () => {
    // New York, 1 November 2026: 01:00–02:00 happens in EDT, then again in EST
    expect(utc('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(utc('2026-11-01 02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // Paris, 25 October 2026: 02:00–03:00 twice
    expect(utc('2026-10-25 02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    // São Paulo, 16 February 2019: 23:00–24:00 twice (summer time ended at midnight)
    expect(utc('2019-02-16 23:30', 'America/Sao_Paulo')).toBe('2019-02-17T01:30:00.000Z');
    expect(utc('2019-02-17 00:30', 'America/Sao_Paulo')).toBe('2019-02-17T03:30:00.000Z');
  });

  describe("does not depend on the machine's zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(['UTC', 'America/Sao_Paulo', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata'])('with the machine in %s', (machine) => {
      process.env.TZ = machine;
      expect(utc('2026-10-25 02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
      expect(utc('2019-02-16 23:30', 'America/Sao_Paulo')).toBe('2019-02-17T01:30:00.000Z');
      expect(utc('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
      expect(utc('2018-11-04 00:30', 'America/Sao_Paulo')).toBe('2018-11-04T03:30:00.000Z');
    });
  });
});
