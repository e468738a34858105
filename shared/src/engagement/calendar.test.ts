import { describe, expect, it } from 'vitest';
import { HOME_SCHEDULE, gridRange, monthGrid, monthOfDay, parseMonth, shiftMonth, upcomingSchedule, validateCalendarRange } from './calendar.ts';
import { addDays, daysBetween, parseApiDate, toApiDate } from '../dates/index.ts';

describe('calendar days and months (spec 1 §2.2 calendar)', () => {
  it('parses only real days and months', () => {
    expect(parseApiDate('2026-02-28')).not.toBeNull();
    expect(parseApiDate('2026-02-29')).toBeNull();
    expect(parseApiDate('2028-02-29')).not.toBeNull();
    expect(parseApiDate('2026-13-01')).toBeNull();
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(parseMonth('2026-1')).toBeNull();
  });

  it('moves across months and years', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-01', '2026-12-01')).toBe(30);
    expect(monthOfDay('2026-11-23')).toEqual({ year: 2026, month: 11 });
  });

  it('lays a month out in whole weeks starting on Sunday (or another day)', () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks
    const november = monthGrid({ year: 2026, month: 11 });
    expect(november).toHaveLength(5);
    expect(november[0]![0]).toBe('2026-11-01');
    expect(november[4]![6]).toBe('2026-12-05');
    expect(november.every((week) => week.length === 7)).toBe(true);
    // February 2026 starts on a Sunday, 28 days: four weeks exactly
    expect(monthGrid({ year: 2026, month: 2 })).toHaveLength(4);
    // starting on Monday, November 2026 needs six weeks
    const monday = monthGrid({ year: 2026, month: 11 }, 1);
    expect(monday[0]![0]).toBe('2026-10-26');
    expect(monday).toHaveLength(6);
    expect(gridRange(monday)).toEqual({ start: '2026-10-26', end: '2026-12-06' });
  });

  it('accepts ranges of up to 62 days, start before end', () => {
    expect(validateCalendarRange('2026-10-26', '2026-12-06')).toBeNull();
    expect(validateCalendarRange('2026-11-01', '2027-01-01')).toBeNull();
    expect(validateCalendarRange('2026-11-01', '2027-01-02')).toBe('calendar_range_too_long');
    expect(validateCalendarRange('2026-11-02', '2026-11-01')).toBe('validation_error');
    expect(validateCalendarRange('2026-11-31', '2026-12-01')).toBe('validation_error');
  });

  it('places an instant on its day in the viewer’s zone (spec 1 §9)', () => {
    expect(toApiDate('2026-11-24T01:30:00Z', 'America/Sao_Paulo')).toBe('2026-11-23');
    expect(toApiDate('2026-11-24T01:30:00Z', 'Etc/GMT')).toBe('2026-11-24');
    expect(toApiDate('2026-11-24T01:30:00Z', 'Not/AZone')).toBe('2026-11-24');
  });
});

describe('the home schedule (spec 1 §2.2 home "schedule")', () => {
  const item = (title: string, when: { date?: string; starts_at?: string }) => ({ title, date: when.date ?? null, starts_at: when.starts_at ?? null });
  const now = new Date('2026-11-20T15:00:00Z');

  it('keeps what is still ahead: days from today, instants from an hour ago, soonest first', () => {
    const items = [
      item('Yesterday opens', { date: '2026-11-19' }),
      item('Today opens', { date: '2026-11-20' }),
      item('Class begun 30 min ago', { starts_at: '2026-11-20T14:30:00Z' }),
      item('Class begun 2 h ago', { starts_at: '2026-11-20T13:00:00Z' }),
      item('Webinar tomorrow', { starts_at: '2026-11-21T10:00:00Z' }),
      item('Class next week', { starts_at: '2026-11-27T22:00:00Z' }),
    ];
    expect(upcomingSchedule(items, now).map((i) => i.title)).toEqual([
      'Today opens', 'Class begun 30 min ago', 'Webinar tomorrow', 'Class next week',
    ]);
  });

  it('shows at most HOME_SCHEDULE.size items', () => {
    const many = Array.from({ length: 9 }, (_, i) => item(`Class ${i}`, { starts_at: `2026-11-2${i}T10:00:00Z` }));
    expect(upcomingSchedule(many, now)).toHaveLength(HOME_SCHEDULE.size);
    expect(upcomingSchedule(many, now)[0]!.title).toBe('Class 1');
  });
});
