import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TRAIL_ITEM_SEARCH, trailItemKey, type TrailItemKind, type TrailItemRef } from '@lp/shared/rules';
import type { TrailItemOption } from '@lp/shared/contract';
import { useTrailActions } from '../trailActions.ts';
import { highlightMatch } from '../../../common/ownersInput/highlightMatch.tsx';

export const TRAIL_ITEM_SEARCH_DEBOUNCE_MS = 300;

export { trailItemSearchPath } from '../trailActions.ts';

export interface TrailItemSearchProps {
  kind: TrailItemKind;
  /** modules already in the trail: not offered again */
  exclude: readonly TrailItemRef[];
  disabled: boolean;
  onAdd(option: TrailItemOption): void;
}

/**
 * Adds a module (spec 2 §2.4): an autocomplete over the published content of the kind, from 3
 * characters, at most 25 results, the match underlined (spec 2 §5.11 / §9).
 */
export function TrailItemSearch({ kind, exclude, disabled, onAdd }: TrailItemSearchProps) {
  const translate = useTranslate();
  const { searchItems } = useTrailActions();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<TrailItemOption[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const term = input.trim();
  const tooShort = Array.from(term).length < TRAIL_ITEM_SEARCH.minChars;

  useEffect(() => {
    const call = ++latest.current;
    if (tooShort) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(() => {
      searchItems(kind, term).then(
        (found) => {
          if (call !== latest.current) return;
          setOptions((Array.isArray(found) ? found : []).slice(0, TRAIL_ITEM_SEARCH.maxResults));
          setLoading(false);
        },
        (error: unknown) => {
          if (call !== latest.current) return;
          console.error('trail module search failed', error);
          setOptions([]);
          setLoading(false);
        },
      );
    }, TRAIL_ITEM_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchItems, kind, term, tooShort]);

  const taken = new Set(exclude.map(trailItemKey));
  return (
    <Autocomplete<TrailItemOption>
      value={null}
      options={options.filter((option) => !taken.has(trailItemKey(option)))}
      loading={loading}
      disabled={disabled}
      filterOptions={(found) => found}
      getOptionLabel={(option) => option.title}
      getOptionKey={trailItemKey}
      isOptionEqualToValue={(a, b) => trailItemKey(a) === trailItemKey(b)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_event, option) => {
        if (!option) return;
        onAdd(option);
        setInput('');
      }}
      noOptionsText={translate(tooShort ? 'resources.trails.modules.type_at_least' : 'resources.trails.modules.no_results', { min: TRAIL_ITEM_SEARCH.minChars, smart_count: TRAIL_ITEM_SEARCH.minChars })}
      loadingText={translate('resources.trails.modules.searching')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          {highlightMatch(option.title, term)}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(`resources.trails.modules.add_${kind}`)}
          helperText={translate('resources.trails.modules.search_hint', { min: TRAIL_ITEM_SEARCH.minChars, max: TRAIL_ITEM_SEARCH.maxResults, smart_count: TRAIL_ITEM_SEARCH.minChars })}
        />
      )}
      sx={{ maxWidth: 560 }}
    />
  );
}
