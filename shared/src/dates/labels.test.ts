import { describe, expect, it } from 'vitest';
import { formatLongDay, formatMonthHeading, formatMonthName, formatRelativeTime, formatWeekday, intlLocale } from './labels.ts';

describe('calendar headings in the interface language', () => {
  it('names months and weekdays', () => {
    expect(formatMonthName({ year: 2026, month: 11 }, 'pt-br')).toBe('novembro de 2026');
    expect(formatMonthName({ year: 2026, month: 1 }, 'en')).toBe('January 2026');
    expect(formatMonthName({ year: 2026, month: 11 }, 'fr')).toBe('novembre 2026');
    // a heading raises only the first letter: never 'Novembro De 2026'
    expect(formatMonthHeading({ year: 2026, month: 11 }, 'pt-br')).toBe('Novembro de 2026');
    expect(formatMonthHeading({ year: 2026, month: 11 }, 'es')).toBe('Noviembre de 2026');
    expect(formatMonthHeading({ year: 2026, month: 11 }, 'fr')).toBe('Novembre 2026');
    expect(formatMonthHeading({ year: 2026, month: 1 }, 'en')).toBe('January 2026');
    expect(formatWeekday('2026-11-05', 'en')).toBe('Thu');
    expect(formatWeekday('2026-11-05', 'en', 'long')).toBe('Thursday');
    expect(formatLongDay('2026-11-05', 'pt-br')).toBe('quinta-feira, 5 de novembro');
    expect(formatLongDay('2026-11-05', 'en')).toBe('Thursday, November 5');
  });

  it('reads a day as a day in every zone (no shift to the day before)', () => {
    expect(formatWeekday('2026-11-01', 'en')).toBe('Sun');
    expect(formatLongDay('2026-11-01', 'es')).toBe('domingo, 1 de noviembre');
  });

  it('refuses what is not a day', () => {
    expect(() => formatWeekday('2026-02-30', 'en')).toThrow(RangeError);
    expect(() => formatLongDay('tomorrow', 'en')).toThrow(RangeError);
  });

  it('maps the interface locale to the Intl tag', () => {
    expect(intlLocale('pt-br')).toBe('pt-BR');
    expect(intlLocale('fr')).toBe('fr');
  });
});

describe('relative times ("há 5 minutos")', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('uses the largest whole unit, in the language', () => {
    expect(formatRelativeTime('2026-11-22T11:55:00Z', 'pt-br', now)).toBe('há 5 minutos');
    expect(formatRelativeTime('2026-11-22T10:00:00Z', 'pt-br', now)).toBe('há 2 horas');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', 'fr', now)).toBe('il y a 3 heures');
    expect(formatRelativeTime('2026-11-21T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-08T12:00:00Z', 'en', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2026-09-22T12:00:00Z', 'es', now)).toBe('hace 2 meses');
    expect(formatRelativeTime('2024-11-22T12:00:00Z', 'en', now)).toBe('2 years ago');
    expect(formatRelativeTime('2026-11-22T14:00:00Z', 'en', now)).toBe('in 2 hours');
  });

  it('rounds to the nearest unit', () => {
    expect(formatRelativeTime('2026-11-22T10:31:00Z', 'en', now)).toBe('1 hour ago');
    expect(formatRelativeTime('2026-11-22T10:29:00Z', 'en', now)).toBe('2 hours ago');
  });

  it('reads under a minute as now', () => {
    expect(formatRelativeTime('2026-11-22T11:59:40Z', 'pt-br', now)).toBe('agora');
    expect(formatRelativeTime(new Date(now), 'en', new Date(now))).toBe('now');
  });

  it('gives nothing for nothing or garbage', () => {
    expect(formatRelativeTime(null, 'en', now)).toBe('');
    expect(formatRelativeTime('soon', 'en', now)).toBe('');
  });
});
