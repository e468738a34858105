import { describe, expect, it } from 'vitest';
import {
  REPORT_COOLDOWN_MS, REPORT_KEYS, emptyReportRequestTimes, formatCountdown, isReportKey, reportCooldownRemainingMs,
} from './reports.ts';

describe('report cooldown (spec 1 §4.4, §9)', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('is five minutes', () => {
    expect(REPORT_COOLDOWN_MS).toBe(300_000);
  });

  it('counts down from the last request', () => {
    expect(reportCooldownRemainingMs('2026-11-22T12:00:00Z', now, false)).toBe(REPORT_COOLDOWN_MS);
    expect(reportCooldownRemainingMs('2026-11-22T11:58:00Z', now, false)).toBe(3 * 60_000);
    expect(reportCooldownRemainingMs(new Date('2026-11-22T11:55:00.001Z'), now.getTime(), false)).toBe(1);
  });

  it('is over after five minutes or without a request', () => {
    expect(reportCooldownRemainingMs('2026-11-22T11:55:00Z', now, false)).toBe(0);
    expect(reportCooldownRemainingMs('2026-11-22T10:00:00Z', now, false)).toBe(0);
    expect(reportCooldownRemainingMs(null, now, false)).toBe(0);
    expect(reportCooldownRemainingMs(undefined, now, false)).toBe(0);
    expect(reportCooldownRemainingMs('not a date', now, false)).toBe(0);
  });

  it('never applies to superusers (spec 1 §6.1)', () => {
    expect(reportCooldownRemainingMs('2026-11-22T12:00:00Z', now, true)).toBe(0);
  });

  it('treats a timestamp from the future as "just now"', () => {
    expect(reportCooldownRemainingMs('2026-11-22T13:00:00Z', now, false)).toBe(REPORT_COOLDOWN_MS);
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(REPORT_COOLDOWN_MS)).toBe('5:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('report keys (spec 1 §3.1)', () => {
  it('has one timestamp per report button', () => {
    expect(REPORT_KEYS).toEqual(['courses', 'appointments', 'trails', 'webcasts', 'podcasts', 'users', 'libraries', 'live_classes', 'mailing', 'surveys', 'field_tasks', 'reward_sales', 'reward_points', 'reward_orders', 'drills', 'general_tests']);
    expect(Object.keys(emptyReportRequestTimes())).toEqual([...REPORT_KEYS]);
    expect(Object.values(emptyReportRequestTimes()).every((v) => v === null)).toBe(true);
    expect(isReportKey('users')).toBe(true);
    expect(isReportKey('tags')).toBe(false);
  });
});
