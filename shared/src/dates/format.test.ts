import { describe, expect, it } from 'vitest';
import {
  datePattern, formatDate, formatDateTime, formatInZone, formatTime, toApiDate, toApiDateTime, toPickerDateTime, todayApiDate,
} from './format.ts';

describe('spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise', () => {
  it('orders the day by the language', () => {
    const at = '2026-03-09T12:00:00Z';
    expect(formatDate(at, 1)).toBe('09/03/2026');
    expect(formatDate(at, 3)).toBe('09/03/2026');
    expect(formatDate(at, 2)).toBe('03-09-2026');
    expect(formatDate(at, 4)).toBe('03-09-2026');
    expect(formatDate(new Date(at), 1)).toBe('09/03/2026');
    expect(datePattern(1)).toBe('dd/MM/yyyy');
    expect(datePattern(2)).toBe('MM-dd-yyyy');
  });

  it('shows an instant on its day in the zone, Etc/GMT by default', () => {
    const late = '2026-11-24T01:30:00Z';
    expect(formatDate(late, 1)).toBe('24/11/2026');
    expect(formatDate(late, 1, 'America/Sao_Paulo')).toBe('23/11/2026');
    expect(formatDate('2026-11-23T22:30:00Z', 2, 'Asia/Tokyo')).toBe('11-24-2026');
    // an unknown zone falls back to the default
    expect(formatDate(late, 1, 'Mars/Olympus')).toBe('24/11/2026');
  });

  it('shows an API day as written, in every zone', () => {
    expect(formatDate('2026-11-23', 1)).toBe('23/11/2026');
    expect(formatDate('2026-11-23', 2, 'America/Sao_Paulo')).toBe('11-23-2026');
    expect(formatDate('2026-11-23', 1, 'Pacific/Kiritimati')).toBe('23/11/2026');
  });

  it('gives nothing for nothing or garbage', () => {
    expect(formatDate(null, 1)).toBe('');
    expect(formatDate(undefined, 1)).toBe('');
    expect(formatDate('', 1)).toBe('');
    expect(formatDate('not a date', 1)).toBe('');
    expect(formatDate('2026-02-30', 1)).toBe('');
    expect(formatDate(new Date(Number.NaN), 1)).toBe('');
    expect(formatDateTime('not a date', 1)).toBe('');
    expect(formatTime(null)).toBe('');
  });
});

describe("spec 1 §9: times in the user's zone, 24-hour clock", () => {
  it('writes the day and the time', () => {
    expect(formatDateTime('2026-11-21T14:05:00Z', 1)).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-21T14:05:00Z', 3)).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-21T14:05:00Z', 2)).toBe('11-21-2026 14:05');
    expect(formatDateTime('2026-11-21T00:05:00Z', 4)).toBe('11-21-2026 00:05');
    expect(formatDateTime('2026-11-21T14:05:09Z', 1, 'Etc/GMT', { seconds: true })).toBe('21/11/2026 14:05:09');
    expect(formatDateTime('2026-11-21T14:05:09Z', 1, 'Asia/Kolkata')).toBe('21/11/2026 19:35');
  });

  it('follows the zone across daylight saving changes', () => {
    // New York: 02:00 EST → 03:00 EDT on 8 March 2026
    expect(formatDateTime('2026-03-08T06:59:00Z', 2, 'America/New_York')).toBe('03-08-2026 01:59');
    expect(formatDateTime('2026-03-08T07:00:00Z', 2, 'America/New_York')).toBe('03-08-2026 03:00');
    // Paris: 03:00 CEST → 02:00 CET on 25 October 2026, so 02:30 shows twice
    expect(formatDateTime('2026-10-25T00:30:00Z', 4, 'Europe/Paris')).toBe('10-25-2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z', 4, 'Europe/Paris')).toBe('10-25-2026 02:30');
    // São Paulo's last summer time began at midnight on 4 November 2018
    expect(formatDateTime('2018-11-04T02:59:00Z', 1, 'America/Sao_Paulo')).toBe('03/11/2018 23:59');
    expect(formatDateTime('2018-11-04T03:00:00Z', 1, 'America/Sao_Paulo')).toBe('04/11/2018 01:00');
  });

  it('writes the time alone', () => {
    expect(formatTime('2026-11-23T22:05:09Z')).toBe('22:05');
    expect(formatTime('2026-11-23T22:05:09Z', 'America/Sao_Paulo')).toBe('19:05');
    expect(formatTime('2026-11-23T22:05:09Z', 'America/Sao_Paulo', { seconds: true })).toBe('19:05:09');
  });

  it('writes any date-fns pattern in a zone', () => {
    expect(formatInZone('2026-11-23T22:05:00Z', 'Asia/Tokyo', 'yyyy/MM')).toBe('2026/11');
    expect(formatInZone('2026-11-30T22:05:00Z', 'Asia/Tokyo', 'yyyy/MM')).toBe('2026/12');
    expect(formatInZone(null, 'Asia/Tokyo', 'yyyy')).toBe('');
  });
});

describe('spec 1 §9: what is sent to the API', () => {
  it("sends days as 'YYYY-MM-DD', the day in Etc/GMT unless a zone is given", () => {
    expect(toApiDate(new Date('2026-03-09T23:00:00Z'))).toBe('2026-03-09');
    expect(toApiDate(new Date('2026-11-24T01:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-23');
    expect(toApiDate('2026-11-24T01:30:00Z', 'Etc/GMT')).toBe('2026-11-24');
    expect(toApiDate('2026-11-24T01:30:00Z', 'Not/AZone')).toBe('2026-11-24');
    expect(toApiDate('2026-11-24')).toBe('2026-11-24');
    expect(todayApiDate('Etc/GMT', new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-24');
    expect(todayApiDate('America/Sao_Paulo', new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
  });

  it('keeps today\'s day for a minute only, per zone: the next minute may be the next day', () => {
    expect(todayApiDate('America/Sao_Paulo', new Date('2026-11-24T02:59:59.999Z'))).toBe('2026-11-23');
    expect(todayApiDate('Etc/GMT', new Date('2026-11-24T02:59:59.999Z'))).toBe('2026-11-24');
    expect(todayApiDate('America/Sao_Paulo', new Date('2026-11-24T02:59:00Z'))).toBe('2026-11-23');
    expect(todayApiDate('America/Sao_Paulo', new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
    expect(todayApiDate('America/Sao_Paulo', new Date('2026-11-24T02:59:30Z'))).toBe('2026-11-23');
  });

  it("sends date-times as 'YYYY-MM-DDTHH:mm:ss±hh:mm' with the zone's offset at that instant", () => {
    const at = new Date('2026-11-23T22:00:00Z');
    expect(toApiDateTime(at, 'America/Sao_Paulo')).toBe('2026-11-23T19:00:00-03:00');
    expect(toApiDateTime(at, 'Asia/Tokyo')).toBe('2026-11-24T07:00:00+09:00');
    expect(toApiDateTime(at)).toBe('2026-11-23T22:00:00+00:00');
    expect(toApiDateTime('2026-07-01T08:00:00Z', 'Europe/Paris')).toBe('2026-07-01T10:00:00+02:00');
    expect(toApiDateTime('2026-01-01T08:00:00Z', 'Europe/Paris')).toBe('2026-01-01T09:00:00+01:00');
    expect(toApiDateTime('2019-01-15T12:00:00Z', 'America/Sao_Paulo')).toBe('2019-01-15T10:00:00-02:00');
    expect(toApiDateTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(toApiDateTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('2026-11-01T01:30:00-05:00');
  });

  it('refuses to send what is not a date', () => {
    expect(() => toApiDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => toApiDate('garbage')).toThrow(RangeError);
    expect(() => toApiDateTime('2026-02-30T10:00:00Z')).toThrow(RangeError);
  });

  it("gives a date-time picker the zone's wall clock", () => {
    expect(toPickerDateTime('2026-12-01T12:30:00Z', 'America/Sao_Paulo')).toBe('2026-12-01T09:30');
    expect(toPickerDateTime('2026-07-01T07:30:00Z', 'Europe/Paris')).toBe('2026-07-01T09:30');
    expect(toPickerDateTime(null, 'Europe/Paris')).toBe('');
  });
});
