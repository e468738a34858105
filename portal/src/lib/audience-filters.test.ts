import { beforeEach, describe, expect, it } from 'vitest';
import { audienceFilterQuery, DEFAULT_AUDIENCE_FILTERS, isAudienceFiltered, readAudienceFilters } from './audience-filters.ts';
import { storageKey } from './catalogue-filters.ts';
import { demoUser, loggedIn } from '../test/render.tsx';

describe('audience filters of webcasts and live classes (spec 2 §2.1, spec 1 §2.2: kept per list)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('starts with nothing chosen and keeps each list apart, per user and client', () => {
    expect(readAudienceFilters('webcasts')).toEqual(DEFAULT_AUDIENCE_FILTERS);
    expect(isAudienceFiltered(DEFAULT_AUDIENCE_FILTERS)).toBe(false);
    sessionStorage.setItem(storageKey('webcasts'), JSON.stringify({ ...DEFAULT_AUDIENCE_FILTERS, tags: [4], progress: 'ongoing' }));
    expect(readAudienceFilters('webcasts')).toMatchObject({ tags: [4], progress: 'ongoing' });
    expect(readAudienceFilters('live_classes')).toEqual(DEFAULT_AUDIENCE_FILTERS);
    loggedIn({ ...demoUser, id_user_client_selected: 2 });
    expect(readAudienceFilters('webcasts')).toEqual(DEFAULT_AUDIENCE_FILTERS);
  });

  it('ignores damaged entries field by field', () => {
    const key = storageKey('live_classes');
    sessionStorage.setItem(key, JSON.stringify({ search: 3, areas: [2, 'x', -1], all_areas: 'yes', progress: 'bogus', groups: [7] }));
    expect(readAudienceFilters('live_classes')).toEqual({ ...DEFAULT_AUDIENCE_FILTERS, areas: [2], groups: [7] });
    sessionStorage.setItem(key, '{not json');
    expect(readAudienceFilters('live_classes')).toEqual(DEFAULT_AUDIENCE_FILTERS);
  });

  it('sends the contract query: ids comma-separated, "all" flags only with a choice, defaults left out', () => {
    expect(audienceFilterQuery({ ...DEFAULT_AUDIENCE_FILTERS, search: ' fire ', tags: [1, 4], all_tags: true, all_areas: true }).toString())
      .toBe('search=fire&tags=1%2C4&all_tags=true');
    expect(audienceFilterQuery({ ...DEFAULT_AUDIENCE_FILTERS, groups: [3], progress: 'finished' }).toString())
      .toBe('groups=3&progress=finished');
    expect(audienceFilterQuery(DEFAULT_AUDIENCE_FILTERS).toString()).toBe('');
  });
});
