/**
 * Recurrence of field-sales tasks (spec 3 §3 "recurrence: frequency, unit, repeat count"; §5 and
 * §9 "Recurrence at most 365"; frequencies daily, weekly, monthly, yearly, custom with a unit of
 * days, weeks, months or years). The dates come from RFC 5545 rules (the `rrule` library), never
 * from date arithmetic of our own:
 * - the rule runs on the wall-clock calendar (floating dates), so "every day at 09:00" stays at
 *   09:00 in the task's timezone across daylight-saving changes; each date is placed in the zone
 *   afterwards (parseDateTime);
 * - a monthly rule on the 31st skips the months without one, a yearly rule on 29 February the
 *   years without one (RFC 5545 §3.3.10: invalid dates are ignored), and the repeat count counts
 *   real occurrences.
 */
import { createRequire } from 'node:module';
import { MAX_RECURRENCE, parseDateTime, type RecurrenceFrequency, type RecurrenceUnit } from '@lp/shared/rules';
import type * as RRuleModule from 'rrule';

// rrule ships CommonJS for Node and ESM without a default export for bundlers: require it
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

export interface RecurrenceRule {
  frequency: RecurrenceFrequency;
  /** occurrences, the first included (1–365) */
  count: number;
  /** custom only: every `interval` `unit`s */
  interval?: number;
  unit?: RecurrenceUnit;
  /** weekly (or custom in weeks): the weekdays, 0 = Sunday … 6 = Saturday; none = the first date's */
  weekdays?: number[];
}

const UNIT_FREQ = { days: RRule.DAILY, weeks: RRule.WEEKLY, months: RRule.MONTHLY, years: RRule.YEARLY } as const;
const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY } as const;
// rrule weekdays run Monday = 0 … Sunday = 6
const RR_WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

export type RecurrenceRefusal = 'recurrence_above_limit' | 'validation_error';

/** Why the rule cannot be expanded, or null. */
export function recurrenceRefusal(rule: RecurrenceRule): RecurrenceRefusal | null {
  if (!Number.isInteger(rule.count) || rule.count < 1) return 'validation_error';
  if (rule.count > MAX_RECURRENCE) return 'recurrence_above_limit';
  if (rule.frequency === 'custom' && (!rule.unit || !rule.interval || rule.interval < 1)) return 'validation_error';
  if (rule.weekdays?.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return 'validation_error';
  return null;
}

/** The occurrence dates ('YYYY-MM-DD', wall-clock) of a series starting on `start`. */
export function expandRecurrence(start: string, rule: RecurrenceRule): string[] {
  const refusal = recurrenceRefusal(rule);
  if (refusal) throw new Error(refusal);
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const freq = rule.frequency === 'custom' ? UNIT_FREQ[rule.unit!] : FREQ[rule.frequency];
  const weekly = freq === RRule.WEEKLY;
  const rr = new RRule({
    freq,
    dtstart: new Date(Date.UTC(y, m - 1, d)),
    interval: rule.frequency === 'custom' ? rule.interval! : 1,
    count: rule.count,
    ...(weekly && rule.weekdays?.length ? { byweekday: [...new Set(rule.weekdays)].map((w) => RR_WEEKDAYS[w]!) } : {}),
  });
  return rr.all().map((date) => date.toISOString().slice(0, 10));
}

/** The instants of a wall-clock date and time in `zone` (a skipped time moves as parseDateTime decides). */
export function occurrenceInstants(date: string, start: string, end: string, zone: string): { starts_at: Date; ends_at: Date } {
  const starts = parseDateTime(`${date}T${start}`, zone);
  const ends = parseDateTime(`${date}T${end}`, zone);
  if (!starts || !ends) throw new Error('invalid date, time or zone');
  return { starts_at: starts, ends_at: ends };
}
