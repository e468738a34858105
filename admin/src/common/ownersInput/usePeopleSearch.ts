import { useEffect, useRef, useState } from 'react';
import { OWNER_SEARCH_DEBOUNCE_MS, searchOwners, type Owner } from './OwnersInput.tsx';

/**
 * The people search behind the owners and person inputs: debounced, only the latest answer kept,
 * nothing asked while `skip` (a term too short, or the name already chosen).
 */
export function usePeopleSearch(term: string, skip: boolean): { options: Owner[]; loading: boolean } {
  const [options, setOptions] = useState<Owner[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    if (skip) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      searchOwners(term).then(
        (found) => {
          if (call !== latest.current) return;
          setOptions(found);
          setLoading(false);
        },
        (error: unknown) => {
          if (call !== latest.current) return;
          console.error('people search failed', error);
          setOptions([]);
          setLoading(false);
        },
      );
    }, OWNER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, skip]);
  return { options, loading };
}
