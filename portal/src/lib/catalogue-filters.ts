import { useCallback, useState } from 'preact/hooks';
import { LEARNER_FAVORITE_FILTERS, LEARNER_PROGRESS_FILTERS, type LearnerProgressFilter } from '@lp/shared/contract';
import { getSession } from './session.ts';

/** spec 1 §2.2: the filters of the courses, trails, podcasts and presential lists, kept per list. */
export interface CatalogueFilters {
  search: string;
  progress: LearnerProgressFilter;
  favorite: (typeof LEARNER_FAVORITE_FILTERS)[number];
  selected_areas: number[];
  selected_groups: number[];
}

export type CatalogueList = 'courses' | 'trails' | 'podcasts' | 'presential';

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '', progress: 'all', favorite: 'all', selected_areas: [], selected_groups: [],
};

/**
 * Kept in sessionStorage (not the URL): they survive going to a detail page and back, and a
 * reload, within the tab. The key carries the user and the selected client, so another login
 * in the same tab — or another client's area ids — never filter a list by accident.
 */
export function storageKey(list: string): string {
  const user = getSession().user;
  return `learning-filters:${list}:${user?.id ?? 0}:${user?.id_user_client_selected ?? 0}`;
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];

/** Whatever is stored is checked field by field: a damaged entry falls back to the defaults. */
export function readFilters(list: CatalogueList): CatalogueFilters {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(storageKey(list)) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_FILTERS };
  const stored = raw as Record<string, unknown>;
  return {
    search: typeof stored.search === 'string' ? stored.search.slice(0, 200) : '',
    progress: (LEARNER_PROGRESS_FILTERS as readonly unknown[]).includes(stored.progress)
      ? stored.progress as LearnerProgressFilter : 'all',
    favorite: stored.favorite === 'favorites' ? 'favorites' : 'all',
    selected_areas: ids(stored.selected_areas),
    selected_groups: ids(stored.selected_groups),
  };
}

export function storeFilters(list: CatalogueList, filters: CatalogueFilters): void {
  try {
    sessionStorage.setItem(storageKey(list), JSON.stringify(filters));
  } catch {
    // private mode or a full storage: the filters still apply, they are just not kept
  }
}

/** Any filter away from its default (spec 2 §2.1 picks the empty-list message with this). */
export function isFiltered(filters: CatalogueFilters): boolean {
  return filters.search.trim() !== '' || filters.progress !== 'all' || filters.favorite !== 'all'
    || filters.selected_areas.length > 0 || filters.selected_groups.length > 0;
}

/** The query of the contract's CatalogueQuery (ids comma-separated). */
export function filterQuery(filters: CatalogueFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  query.set('progress', filters.progress);
  query.set('favorite', filters.favorite);
  if (filters.selected_areas.length) query.set('selected_areas', filters.selected_areas.join(','));
  if (filters.selected_groups.length) query.set('selected_groups', filters.selected_groups.join(','));
  return query;
}

/** The list's filters, read once from storage and stored on every change. */
export function useCatalogueFilters(list: CatalogueList): [CatalogueFilters, (next: CatalogueFilters) => void] {
  const [filters, setFilters] = useState<CatalogueFilters>(() => readFilters(list));
  const update = useCallback((next: CatalogueFilters) => {
    storeFilters(list, next);
    setFilters(next);
  }, [list]);
  return [filters, update];
}
