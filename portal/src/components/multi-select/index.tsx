import { useI18n } from '../../lib/i18n.ts';

export interface MultiSelectOption { id: number; name: string }

export interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly number[];
  onChange(selected: number[]): void;
}

/** spec 1 §9: chips up to 14 options; from 15 options a selection reads "{n} itens selecionados". */
export const CHIPS_MAX_OPTIONS = 14;

/**
 * A multi-select filter: a disclosure with checkboxes (native, so it works with a keyboard and on
 * phones) and the chosen options as removable chips below it.
 */
export function MultiSelect({ label, options, selected, onChange }: MultiSelectProps) {
  const { t } = useI18n();
  // only selections that are among the options count (spec 1 §9)
  const chosen = options.filter((option) => selected.includes(option.id));
  const toggle = (optionId: number, on: boolean) =>
    onChange(on ? [...selected.filter((v) => v !== optionId), optionId] : selected.filter((v) => v !== optionId));
  const many = options.length > CHIPS_MAX_OPTIONS;
  const summary = chosen.length === 0
    ? t('portal.courses.filters.choose')
    : many ? t('portal.courses.filters.selected_count', { count: chosen.length }) : chosen.map((o) => o.name).join(', ');
  return (
    <div class="field multi-select">
      <span class="multi-select-label" aria-hidden="true">{label}</span>
      <details>
        <summary><span class="visually-hidden">{label}: </span>{summary}</summary>
        <fieldset>
          <legend class="visually-hidden">{label}</legend>
          {options.map((option) => (
            <label key={option.id} class="check">
              <input type="checkbox" checked={selected.includes(option.id)}
                onChange={(event) => toggle(option.id, event.currentTarget.checked)} />
              {option.name}
            </label>
          ))}
        </fieldset>
      </details>
      {!many && chosen.length > 0 && (
        <ul class="chips" aria-label={label}>
          {chosen.map((option) => (
            <li key={option.id}>
              {option.name}
              <button type="button" class="chip-remove" onClick={() => toggle(option.id, false)}
                aria-label={t('portal.courses.filters.remove', { name: option.name })}>×</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
