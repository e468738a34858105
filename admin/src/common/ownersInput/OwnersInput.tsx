import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { InputHelperText, useInput, useRecordContext, useTranslate, type InputProps } from 'react-admin';
import { apiClient } from '../../apiClient.ts';
import { highlightMatch } from './highlightMatch.tsx';
import { usePeopleSearch } from './usePeopleSearch.ts';

/** spec 2 §3.1 owner search result */
export interface Owner {
  id: number;
  full_name: string;
  email: string;
}

/** spec 2 §9 / §5.11: autocomplete needs at least 3 characters and shows at most 25 results */
export const OWNER_SEARCH_MIN_CHARS = 3;
export const OWNER_SEARCH_MAX_RESULTS = 25;
export const OWNER_SEARCH_DEBOUNCE_MS = 300;

export const ownersSearchPath = (search: string) => `/accounts/get_owners/?search=${encodeURIComponent(search)}`;

export async function searchOwners(search: string): Promise<Owner[]> {
  const answer = await apiClient.json<Owner[] | { results?: Owner[] }>(ownersSearchPath(search));
  const owners = Array.isArray(answer) ? answer : (answer?.results ?? []);
  return owners.slice(0, OWNER_SEARCH_MAX_RESULTS);
}

export interface OwnersInputProps extends Omit<InputProps, 'source'> {
  /** form field of the user ids; the training's `owners` by default */
  source?: string;
  /** chips known before any search; defaults to the record's owners_list (spec 2 §3.1) */
  initialOwners?: readonly Owner[];
}

/**
 * Owners (spec 2 §2.3): a chip input whose options come from the owner search; the form value
 * is the list of user ids.
 */
export function OwnersInput({ source = 'owners', label = 'common.owners.label', initialOwners, helperText, ...rest }: OwnersInputProps) {
  const translate = useTranslate();
  const record = useRecordContext<{ owners_list?: Owner[] }>();
  const initial = initialOwners ?? record?.owners_list;
  const [known, setKnown] = useState<ReadonlyMap<string, Owner>>(
    () => new Map((initial ?? []).map((owner) => [String(owner.id), owner])),
  );
  const { id, field, fieldState, isRequired } = useInput({
    source,
    defaultValue: (initial ?? []).map((owner) => owner.id),
    ...rest,
  });
  const [input, setInput] = useState('');

  const term = input.trim();
  const tooShort = term.length < OWNER_SEARCH_MIN_CHARS;

  const { options, loading } = usePeopleSearch(term, tooShort);

  // owners_list may arrive after the first render (a record loaded later)
  useEffect(() => {
    if (initial?.length) setKnown((prev) => new Map([...prev, ...initial.map((owner) => [String(owner.id), owner] as const)]));
  }, [initial]);

  const ids: unknown[] = Array.isArray(field.value) ? field.value : [];
  // an id without a known owner still shows as a chip
  const value = ids.map(
    (ownerId) => known.get(String(ownerId)) ?? { id: Number(ownerId), full_name: `#${String(ownerId)}`, email: '' },
  );

  const error = fieldState.error?.message;
  const labelText = typeof label === 'string' ? translate(label, { _: label }) : label;

  return (
    <Autocomplete<Owner, true>
      multiple
      id={id}
      value={value}
      options={options}
      loading={loading}
      filterOptions={(found) => found}
      filterSelectedOptions
      getOptionLabel={(owner) => owner.full_name}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setInput(text);
      }}
      onChange={(_event, owners) => {
        setKnown((prev) => new Map([...prev, ...owners.map((owner) => [String(owner.id), owner] as const)]));
        field.onChange(owners.map((owner) => owner.id));
        setInput('');
      }}
      onBlur={field.onBlur}
      noOptionsText={
        tooShort
          ? translate('common.owners.type_at_least', { min: OWNER_SEARCH_MIN_CHARS, smart_count: OWNER_SEARCH_MIN_CHARS })
          : translate('common.owners.no_results')
      }
      loadingText={translate('common.owners.searching')}
      renderOption={({ key, ...props }, owner) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{highlightMatch(owner.full_name, term)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {highlightMatch(owner.email, term)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={labelText}
          required={isRequired}
          error={!!error}
          helperText={
            <InputHelperText
              error={error}
              helperText={helperText ?? translate('common.owners.hint', { min: OWNER_SEARCH_MIN_CHARS, smart_count: OWNER_SEARCH_MIN_CHARS })}
            />
          }
        />
      )}
      sx={{ minWidth: 320 }}
    />
  );
}
