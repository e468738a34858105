import type { Translate } from './i18n.ts';

/**
 * A test's time limit (HH:mm:ss, spec 2 §4.8) written out: "1 h 05 min", "1 min 30 s", "45 s".
 * Seconds are never dropped — a 1:30 limit read as "1 min" would promise a third less time.
 */
export function timeLimitLabel(t: Translate, value: string): string {
  const [h = 0, m = 0, s = 0] = value.split(':').map(Number);
  const mm = String(m).padStart(2, '0');
  if (h > 0) return s > 0
    ? t('portal.courses.test.hours_minutes_seconds', { h, m: mm, s: String(s).padStart(2, '0') })
    : t('portal.courses.test.hours_minutes', { h, m: mm });
  if (m > 0) return s > 0 ? t('portal.courses.test.minutes_seconds', { m, s }) : t('portal.courses.test.minutes', { m });
  return t('portal.courses.test.seconds', { s });
}
