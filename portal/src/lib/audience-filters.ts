import { useCallback, useState } from 'preact/hooks';
import { LEARNER_PROGRESS_FILTERS, type LearnerProgressFilter } from '@lp/shared/contract';
import { storageKey } from './catalogue-filters.ts';

/**
 * The filters of the lists whose content carries an audience — webcasts (spec 2 §2.1) and live
 * classes (spec 1 §2.2, spec 3 §2): search, tags, areas, groups, all_tags, all_areas, and the
 * progress where the list offers it. Kept per list like the courses' (sessionStorage, per user
 * and client).
 */
export interface AudienceFilters {
  search: string;
  tags: number[];
  areas: number[];
  groups: number[];
  /** every chosen tag (area) must be on the content, instead of any of them */
  all_tags: boolean;
  all_areas: boolean;
  /** stays 'all' on a list without the progress filter */
  progress: LearnerProgressFilter;
}

export type AudienceList = 'webcasts' | 'live_classes';

export const DEFAULT_AUDIENCE_FILTERS: AudienceFilters = {
  search: '', tags: [], areas: [], groups: [], all_tags: false, all_areas: false, progress: 'all',
};

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];

/** Whatever is stored is checked field by field: a damaged entry falls back to the defaults. */
export function readAudienceFilters(list: AudienceList): AudienceFilters {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(storageKey(list)) ?? 'null');
  } catch {
    raw = null;
  }
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_AUDIENCE_FILTERS };
  const stored = raw as Record<string, unknown>;
  return {
    search: typeof stored.search === 'string' ? stored.search.slice(0, 200) : '',
    tags: ids(stored.tags),
    areas: ids(stored.areas),
    groups: ids(stored.groups),
    all_tags: stored.all_tags === true,
    all_areas: stored.all_areas === true,
    progress: (LEARNER_PROGRESS_FILTERS as readonly unknown[]).includes(stored.progress) ? stored.progress as LearnerProgressFilter : 'all',
  };
}

export function isAudienceFiltered(filters: AudienceFilters): boolean {
  return filters.search.trim() !== '' || filters.tags.length > 0 || filters.areas.length > 0 || filters.groups.length > 0
    || filters.progress !== 'all';
}

/** The query of the contract's catalogue queries (ids comma-separated; defaults left out). */
export function audienceFilterQuery(filters: AudienceFilters): URLSearchParams {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.tags.length) query.set('tags', filters.tags.join(','));
  if (filters.areas.length) query.set('areas', filters.areas.join(','));
  if (filters.groups.length) query.set('groups', filters.groups.join(','));
  if (filters.all_tags && filters.tags.length) query.set('all_tags', 'true');
  if (filters.all_areas && filters.areas.length) query.set('all_areas', 'true');
  if (filters.progress !== 'all') query.set('progress', filters.progress);
  return query;
}

/** A list's filters, read once from storage and stored on every change. */
export function useAudienceFilters(list: AudienceList): [AudienceFilters, (next: AudienceFilters) => void] {
  const [filters, setFilters] = useState<AudienceFilters>(() => readAudienceFilters(list));
  const update = useCallback((next: AudienceFilters) => {
    try {
      sessionStorage.setItem(storageKey(list), JSON.stringify(next));
    } catch {
      // private mode or a full storage: the filters still apply, they are just not kept
    }
    setFilters(next);
  }, [list]);
  return [filters, update];
}
