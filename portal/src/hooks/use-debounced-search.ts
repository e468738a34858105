import { useEffect, useRef, useState } from 'preact/hooks';

const SEARCH_DELAY_MS = 400;

/**
 * The search box of a list's filters: what is typed, handed to `onChange` with the other filters
 * once typing settles (and taken again when the filters change from outside, e.g. "clear").
 */
export function useDebouncedSearch<F extends { search: string }>(filters: F, onChange: (filters: F) => void): [string, (search: string) => void] {
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters);
  latest.current = filters;
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search === latest.current.search) return undefined;
    const timer = setTimeout(() => onChange({ ...latest.current, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);
  return [search, setSearch];
}
