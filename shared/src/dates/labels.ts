/**
 * Calendar headings in the interface's language — month names, weekdays — and relative times
 * ("há 5 minutos"). The words come from the runtime's locale data, through date-fns where it
 * has the function; days are calendar days ('YYYY-MM-DD') and carry no zone.
 */
import { differenceInSeconds } from 'date-fns/differenceInSeconds';
import { intlFormat } from 'date-fns/intlFormat';
import { parseApiDate, toInstant } from './parse.ts';

/** The BCP 47 tag Intl takes for an interface locale ('pt-br' → 'pt-BR'). */
export const intlLocale = (locale: string): string => (locale === 'pt-br' ? 'pt-BR' : locale);

function dayOrThrow(day: string): Date {
  const date = parseApiDate(day);
  if (!date) throw new RangeError(`not a day: ${day}`);
  return date;
}

/** 'novembro de 2026', 'November 2026'. */
export function formatMonthName(month: { year: number; month: number }, locale: string): string {
  return intlFormat(new Date(Date.UTC(month.year, month.month - 1, 1)), { month: 'long', year: 'numeric', timeZone: 'UTC' }, { locale: intlLocale(locale) });
}

/**
 * A month as a heading: 'Novembro de 2026', 'November 2026'. Only the first letter is raised —
 * inside a date pt-br writes its months in lower case, and CSS `text-transform: capitalize` would
 * raise every word ('Novembro De 2026').
 */
export function formatMonthHeading(month: { year: number; month: number }, locale: string): string {
  const name = formatMonthName(month, locale);
  return name.charAt(0).toLocaleUpperCase(intlLocale(locale)) + name.slice(1);
}

/** The weekday of a day: 'seg.', 'Mon' (short) or 'segunda-feira', 'Monday' (long). */
export function formatWeekday(day: string, locale: string, width: 'short' | 'long' = 'short'): string {
  return intlFormat(dayOrThrow(day), { weekday: width, timeZone: 'UTC' }, { locale: intlLocale(locale) });
}

/** A day written out: 'quinta-feira, 5 de novembro', 'Thursday, November 5'. */
export function formatLongDay(day: string, locale: string): string {
  return intlFormat(dayOrThrow(day), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }, { locale: intlLocale(locale) });
}

// largest unit first; a unit is used once the distance reaches one of it
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "há 5 minutos", "2 days ago", "il y a 1 heure", "yesterday": the distance from `now`, rounded
 * to the largest whole unit; under a minute reads as "now". '' when there is no instant.
 */
export function formatRelativeTime(value: Date | string | null | undefined, locale: string, now: Date | number = Date.now()): string {
  const at = toInstant(value);
  if (!at) return '';
  const seconds = differenceInSeconds(at, now);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}
