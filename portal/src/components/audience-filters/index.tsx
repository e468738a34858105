import { useId } from 'preact/hooks';
import { useDebouncedSearch } from '../../hooks/use-debounced-search.ts';
import { LEARNER_PROGRESS_FILTERS } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { DEFAULT_AUDIENCE_FILTERS, isAudienceFiltered, type AudienceFilters } from '../../lib/audience-filters.ts';
import type { LookupOption } from '../../hooks/use-lookups.ts';
import { MultiSelect } from '../multi-select/index.tsx';

export interface AudienceFiltersFormProps {
  filters: AudienceFilters;
  onChange(filters: AudienceFilters): void;
  /** the list's texts: label, search, tags, all_tags, areas, all_areas, groups, clear (and progress, progress_*) */
  texts: string;
  /** the list offers the progress filter (webcasts: live, ended, not started) */
  progress?: boolean;
  /** a list that failed to load hides its filter */
  tags?: readonly LookupOption[];
  areas?: readonly LookupOption[];
  groups?: readonly LookupOption[];
}


/** Search, tags (all of them or any), areas (all or any), groups and, where offered, progress. */
export function AudienceFiltersForm({ filters, onChange, texts: K, progress = false, tags, areas, groups }: AudienceFiltersFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [search, setSearch] = useDebouncedSearch(filters, onChange);

  const set = (patch: Partial<AudienceFilters>) => onChange({ ...filters, ...patch });
  return (
    <form class="catalogue-filters" role="search" aria-label={t(`${K}.label`)}
      onSubmit={(event) => {
        event.preventDefault();
        if (search !== filters.search) set({ search });
      }}>
      <div class="field">
        <label for={`${id}-search`}>{t(`${K}.search`)}</label>
        <input id={`${id}-search`} type="search" value={search} maxLength={200} onInput={(event) => setSearch(event.currentTarget.value)} />
      </div>
      {progress && (<div class="field">
        <label for={`${id}-progress`}>{t(`${K}.progress`)}</label>
        <select id={`${id}-progress`} value={filters.progress}
          onChange={(event) => set({ progress: event.currentTarget.value as AudienceFilters['progress'] })}>
          {LEARNER_PROGRESS_FILTERS.map((value) => <option key={value} value={value}>{t(`${K}.progress_${value}`)}</option>)}
        </select>
      </div>)}
      {tags && tags.length > 0 && (
        <div class="filter-group">
          <MultiSelect label={t(`${K}.tags`)} options={tags} selected={filters.tags} onChange={(selected) => set({ tags: selected })} />
          <label class="checkbox">
            <input type="checkbox" checked={filters.all_tags} onChange={(event) => set({ all_tags: event.currentTarget.checked })} />
            {t(`${K}.all_tags`)}
          </label>
        </div>
      )}
      {areas && areas.length > 0 && (
        <div class="filter-group">
          <MultiSelect label={t(`${K}.areas`)} options={areas} selected={filters.areas} onChange={(selected) => set({ areas: selected })} />
          <label class="checkbox">
            <input type="checkbox" checked={filters.all_areas} onChange={(event) => set({ all_areas: event.currentTarget.checked })} />
            {t(`${K}.all_areas`)}
          </label>
        </div>
      )}
      {groups && groups.length > 0 && (
        <MultiSelect label={t(`${K}.groups`)} options={groups} selected={filters.groups} onChange={(selected) => set({ groups: selected })} />
      )}
      {isAudienceFiltered(filters) && (
        <button type="button" class="button-secondary" onClick={() => { setSearch(''); onChange({ ...DEFAULT_AUDIENCE_FILTERS }); }}>
          {t(`${K}.clear`)}
        </button>
      )}
    </form>
  );
}
