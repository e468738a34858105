import { useCallback, useState } from 'preact/hooks';
import { storageKey } from './catalogue-filters.ts';

/**
 * spec 1 §2.2 / spec 3 §2 live class filters: search, tags, areas, groups, all_tags, all_areas —
 * kept for the list like the webcasts' (sessionStorage, per user and client).
 */
export interface LiveClassFilters {
  search: string;
  tags: number[];
  areas: number[];
  groups: number[];
  /** every chosen tag (area) must be on the class, instead of any of them */
  all_tags: boolean;
  all_areas: boolean;
}

export const DEFAULT_LIVE_CLASS_FILTERS: LiveClassFilters = { search: '', tags: [], areas: [], groups: [], all_tags: false, all_areas: false };

const LIST = 'live_classes';

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];

/** Whatever is stored is checked field by field: a damaged entry falls back to the defaults. */
export function readLiveClassFilters(): LiveClassFilters {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(storageKey(LIST)) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_LIVE_CLASS_FILTERS };
  const stored = raw as Record<string, unknown>;
  return {
    search: typeof stored.search === 'string' ? stored.search.slice(0, 200) : '',
    tags: ids(stored.tags),
    areas: ids(stored.areas),
    groups: ids(stored.groups),
    all_tags: stored.all_tags === true,
    all_areas: stored.all_areas === true,
  };
}

export function isLiveClassFiltered(filters: LiveClassFilters): boolean {
  return filters.search.trim() !== '' || filters.tags.length > 0 || filters.areas.length > 0 || filters.groups.length > 0;
}

/** The query of the contract's LiveClassCatalogueQuery (ids comma-separated). */
export function liveClassFilterQuery(filters: LiveClassFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.tags.length) query.set('tags', filters.tags.join(','));
  if (filters.areas.length) query.set('areas', filters.areas.join(','));
  if (filters.groups.length) query.set('groups', filters.groups.join(','));
  if (filters.all_tags && filters.tags.length) query.set('all_tags', 'true');
  if (filters.all_areas && filters.areas.length) query.set('all_areas', 'true');
  return query;
}

/** The live classes list's filters, read once from storage and stored on every change. */
export function useLiveClassFilters(): [LiveClassFilters, (next: LiveClassFilters) => void] {
  const [filters, setFilters] = useState<LiveClassFilters>(readLiveClassFilters);
  const update = useCallback((next: LiveClassFilters) => {
    try {
      sessionStorage.setItem(storageKey(LIST), JSON.stringify(next));
    } catch {
      // private mode or a full storage: the filters still apply, they are just not kept
    }
    setFilters(next);
  }, []);
  return [filters, update];
}
