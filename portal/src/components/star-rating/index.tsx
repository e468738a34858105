import { useId } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';

export interface StarRatingProps {
  legend: string;
  /** 0 or null: nothing chosen yet */
  value: number | null;
  onChange(stars: number): void;
  disabled?: boolean;
  /** the legend is read by screen readers only (compact places such as cards) */
  hideLegend?: boolean;
}

/** Choosing 1 to 5 stars: a radio group, so keyboards and screen readers handle it natively. */
export function StarRating({ legend, value, onChange, disabled, hideLegend }: StarRatingProps) {
  const { t } = useI18n();
  const name = useId();
  return (
    <fieldset class="star-rating" disabled={disabled}>
      <legend class={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {[1, 2, 3, 4, 5].map((stars) => (
        <label key={stars} class={value && stars <= value ? 'on' : undefined}>
          <input type="radio" name={name} value={String(stars)} checked={value === stars}
            onChange={() => onChange(stars)} />
          <span aria-hidden="true">★</span>
          <span class="visually-hidden">{t('portal.courses.stars.value', { count: stars })}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The average of everyone's stars, e.g. "★ 4,3 (12)", with its full reading for screen readers. */
export function StarsAverage({ average, count }: { average: number; count: number }) {
  const { t, locale } = useI18n();
  const shown = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale, { maximumFractionDigits: 1 }).format(average);
  const full = t('portal.courses.stars.average', { average: shown, count });
  return (
    <span class="stars-average" title={full}>
      <span aria-hidden="true">★ {shown} ({count})</span>
      <span class="visually-hidden">{full}</span>
    </span>
  );
}
