import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filterQuery, isFiltered, readFilters, storeFilters } from './catalogue-filters.ts';
import { demoUser, loggedIn } from '../test/render.tsx';

describe('catalogue filters (spec 1 §2.2: kept per list)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('starts at progress and favourite "all", nothing searched or selected', () => {
    expect(readFilters('courses')).toEqual(DEFAULT_FILTERS);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
  });

  it('keeps each list apart and per user and client', () => {
    storeFilters('courses', { ...DEFAULT_FILTERS, search: 'fire', selected_areas: [3] });
    expect(readFilters('courses')).toMatchObject({ search: 'fire', selected_areas: [3] });
    expect(readFilters('trails')).toEqual(DEFAULT_FILTERS);
    loggedIn({ ...demoUser, id_user_client_selected: 2 });
    expect(readFilters('courses')).toEqual(DEFAULT_FILTERS);
  });

  it('ignores damaged entries field by field', () => {
    storeFilters('courses', DEFAULT_FILTERS);
    const key = Object.keys(sessionStorage).find((k) => k.includes(':courses:'))!;
    sessionStorage.setItem(key, JSON.stringify({ search: 5, progress: 'bogus', favorite: 'favorites', selected_groups: [2, 'x', -1] }));
    expect(readFilters('courses')).toEqual({ ...DEFAULT_FILTERS, favorite: 'favorites', selected_groups: [2] });
    sessionStorage.setItem(key, '{not json');
    expect(readFilters('courses')).toEqual(DEFAULT_FILTERS);
  });

  it('sends the contract query: ids comma-separated, empty search left out', () => {
    expect(filterQuery({ search: '  ', progress: 'ongoing', favorite: 'favorites', selected_areas: [1, 4], selected_groups: [] }).toString())
      .toBe('progress=ongoing&favorite=favorites&selected_areas=1%2C4');
  });
});
