import { useCallback, useState } from 'preact/hooks';
import { storageKey } from './catalogue-filters.ts';

/**
 * spec 1 §2.2 library filters, kept per list like the catalogue's (sessionStorage, per user and
 * client): search, selected_areas ('all'), selected_categories ('all'), selected_groups,
 * selected_tags, selected_extensions. An empty selection is 'all'.
 */
export interface LibraryFilters {
  search: string;
  selected_areas: number[];
  selected_categories: number[];
  selected_groups: number[];
  selected_tags: number[];
  selected_extensions: string[];
}

export const DEFAULT_LIBRARY_FILTERS: LibraryFilters = {
  search: '', selected_areas: [], selected_categories: [], selected_groups: [], selected_tags: [], selected_extensions: [],
};

const LIST = 'library';

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
const extensions = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && /^[a-z0-9]{1,16}$/.test(v)) : [];

/** Whatever is stored is checked field by field: a damaged entry falls back to the defaults. */
export function readLibraryFilters(): LibraryFilters {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(storageKey(LIST)) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_LIBRARY_FILTERS };
  const stored = raw as Record<string, unknown>;
  return {
    search: typeof stored.search === 'string' ? stored.search.slice(0, 200) : '',
    selected_areas: ids(stored.selected_areas),
    selected_categories: ids(stored.selected_categories),
    selected_groups: ids(stored.selected_groups),
    selected_tags: ids(stored.selected_tags),
    selected_extensions: extensions(stored.selected_extensions),
  };
}

export function storeLibraryFilters(filters: LibraryFilters): void {
  try {
    sessionStorage.setItem(storageKey(LIST), JSON.stringify(filters));
  } catch {
    // private mode or a full storage: the filters still apply, they are just not kept
  }
}

export function isLibraryFiltered(filters: LibraryFilters): boolean {
  return filters.search.trim() !== '' || filters.selected_areas.length > 0 || filters.selected_categories.length > 0
    || filters.selected_groups.length > 0 || filters.selected_tags.length > 0 || filters.selected_extensions.length > 0;
}

/** The query of the contract's LibraryQuery: areas and categories default to 'all' (spec 1 §2.2). */
export function libraryQuery(filters: LibraryFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  query.set('selected_areas', filters.selected_areas.length ? filters.selected_areas.join(',') : 'all');
  query.set('selected_categories', filters.selected_categories.length ? filters.selected_categories.join(',') : 'all');
  if (filters.selected_groups.length) query.set('selected_groups', filters.selected_groups.join(','));
  if (filters.selected_tags.length) query.set('selected_tags', filters.selected_tags.join(','));
  if (filters.selected_extensions.length) query.set('selected_extensions', filters.selected_extensions.join(','));
  return query;
}

/**
 * The library's filters, read once from storage and stored on every change. `name` (the route
 * library/{name}, spec 3 §2 "library search by name") replaces the kept search when given.
 */
export function useLibraryFilters(name?: string): [LibraryFilters, (next: LibraryFilters) => void] {
  const [filters, setFilters] = useState<LibraryFilters>(() => {
    const kept = readLibraryFilters();
    if (name === undefined) return kept;
    const searched = { ...kept, search: name.slice(0, 200) };
    storeLibraryFilters(searched);
    return searched;
  });
  const update = useCallback((next: LibraryFilters) => {
    storeLibraryFilters(next);
    setFilters(next);
  }, []);
  return [filters, update];
}
