import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook, act } from '@testing-library/preact';
import { DEFAULT_LIBRARY_FILTERS, isLibraryFiltered, libraryQuery, readLibraryFilters, storeLibraryFilters, useLibraryFilters } from './library-filters.ts';
import { loggedIn } from '../test/render.tsx';

describe('library filters (spec 1 §2.2, kept per list)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('sends areas and categories as "all" by default, the other lists only when chosen', () => {
    expect(libraryQuery(DEFAULT_LIBRARY_FILTERS).toString()).toBe('selected_areas=all&selected_categories=all');
    const query = libraryQuery({ ...DEFAULT_LIBRARY_FILTERS, search: ' guia ', selected_categories: [2, 3], selected_tags: [5], selected_extensions: ['pdf', 'mp4'] });
    expect(Object.fromEntries(query)).toEqual({
      search: 'guia', selected_areas: 'all', selected_categories: '2,3', selected_tags: '5', selected_extensions: 'pdf,mp4',
    });
    expect(isLibraryFiltered(DEFAULT_LIBRARY_FILTERS)).toBe(false);
    expect(isLibraryFiltered({ ...DEFAULT_LIBRARY_FILTERS, selected_groups: [1] })).toBe(true);
  });

  it('keeps them for the tab, checking what it reads back', () => {
    storeLibraryFilters({ ...DEFAULT_LIBRARY_FILTERS, search: 'caixa', selected_extensions: ['pdf'] });
    expect(readLibraryFilters()).toMatchObject({ search: 'caixa', selected_extensions: ['pdf'] });
    sessionStorage.setItem(sessionStorage.key(0)!, JSON.stringify({ search: 7, selected_tags: ['x', 3], selected_extensions: ['PDF;drop'] }));
    expect(readLibraryFilters()).toEqual({ ...DEFAULT_LIBRARY_FILTERS, selected_tags: [3] });
  });

  it('library/{name} searches by the name and keeps the other filters', () => {
    storeLibraryFilters({ ...DEFAULT_LIBRARY_FILTERS, search: 'antigo', selected_categories: [4] });
    const { result } = renderHook(() => useLibraryFilters('Guia de atendimento'));
    expect(result.current[0]).toMatchObject({ search: 'Guia de atendimento', selected_categories: [4] });
    act(() => result.current[1]({ ...result.current[0], selected_tags: [9] }));
    expect(readLibraryFilters()).toMatchObject({ search: 'Guia de atendimento', selected_tags: [9] });
  });
});
