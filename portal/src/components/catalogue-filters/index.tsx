import { useId } from 'preact/hooks';
import { useDebouncedSearch } from '../../hooks/use-debounced-search.ts';
import { LEARNER_PROGRESS_FILTERS } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { DEFAULT_FILTERS, isFiltered, type CatalogueFilters } from '../../lib/catalogue-filters.ts';
import type { LookupOption } from '../../hooks/use-lookups.ts';
import { MultiSelect } from '../multi-select/index.tsx';

export interface CatalogueFiltersFormProps {
  filters: CatalogueFilters;
  onChange(filters: CatalogueFilters): void;
  /** the lists the learner may read; a list that failed to load hides its filter */
  areas?: readonly LookupOption[];
  groups?: readonly LookupOption[];
}


/** spec 1 §2.2: search, progress, favourite, areas and groups of the courses and trails lists. */
export function CatalogueFiltersForm({ filters, onChange, areas, groups }: CatalogueFiltersFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [search, setSearch] = useDebouncedSearch(filters, onChange);

  const set = (patch: Partial<CatalogueFilters>) => onChange({ ...filters, ...patch });
  return (
    <form class="catalogue-filters" role="search" aria-label={t('portal.courses.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        if (search !== filters.search) set({ search });
      }}>
      <div class="field">
        <label for={`${id}-search`}>{t('portal.courses.filters.search')}</label>
        <input id={`${id}-search`} type="search" value={search} maxLength={200}
          onInput={(event) => setSearch(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for={`${id}-progress`}>{t('portal.courses.filters.progress')}</label>
        <select id={`${id}-progress`} value={filters.progress}
          onChange={(event) => set({ progress: event.currentTarget.value as CatalogueFilters['progress'] })}>
          {LEARNER_PROGRESS_FILTERS.map((value) => (
            <option key={value} value={value}>{t(`portal.courses.filters.progress_${value}`)}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-favorite`}>{t('portal.courses.filters.favorite')}</label>
        <select id={`${id}-favorite`} value={filters.favorite}
          onChange={(event) => set({ favorite: event.currentTarget.value === 'favorites' ? 'favorites' : 'all' })}>
          <option value="all">{t('portal.courses.filters.favorite_all')}</option>
          <option value="favorites">{t('portal.courses.filters.favorite_only')}</option>
        </select>
      </div>
      {areas && areas.length > 0 && (
        <MultiSelect label={t('portal.courses.filters.areas')} options={areas} selected={filters.selected_areas}
          onChange={(selected_areas) => set({ selected_areas })} />
      )}
      {groups && groups.length > 0 && (
        <MultiSelect label={t('portal.courses.filters.groups')} options={groups} selected={filters.selected_groups}
          onChange={(selected_groups) => set({ selected_groups })} />
      )}
      {isFiltered(filters) && (
        <button type="button" class="button-secondary" onClick={() => { setSearch(''); onChange({ ...DEFAULT_FILTERS }); }}>
          {t('portal.courses.filters.clear')}
        </button>
      )}
    </form>
  );
}
