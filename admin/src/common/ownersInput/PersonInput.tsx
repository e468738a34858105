import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { highlightMatch } from './highlightMatch.tsx';
import { OWNER_SEARCH_MIN_CHARS, type Owner } from './OwnersInput.tsx';
import { usePeopleSearch } from './usePeopleSearch.ts';

export interface PersonInputProps {
  /** form field of one user id (null: nobody) */
  source: string;
  label: string;
  /** the person the record names now (its name is not in the id) */
  initial: Owner | null | undefined;
  helperText?: string;
}

/**
 * One person of the selected client (a branch's general or regional manager, spec 1 §3.6): the
 * people search of the owners input (from 3 characters, at most 25), one choice, clearable.
 */
export function PersonInput({ source, label, initial, helperText }: PersonInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState } = useInput({ source, defaultValue: initial?.id ?? null });
  const [chosen, setChosen] = useState<Owner | null>(initial ?? null);
  const [input, setInput] = useState('');
  const term = input.trim();
  const tooShort = term.length < OWNER_SEARCH_MIN_CHARS || term === chosen?.full_name;

  const { options, loading } = usePeopleSearch(term, tooShort);

  const currentId = field.value == null || field.value === '' ? null : Number(field.value);
  // an id the record names without its person (not expected) still shows
  const value = currentId === null ? null : chosen?.id === currentId ? chosen : { id: currentId, full_name: `#${currentId}`, email: '' };
  const error = fieldState.error?.message;

  return (
    <Autocomplete<Owner, false>
      id={id}
      value={value}
      options={options}
      loading={loading}
      filterOptions={(found) => found}
      getOptionLabel={(person) => person.full_name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, person) => {
        setChosen(person);
        field.onChange(person?.id ?? null);
      }}
      onBlur={field.onBlur}
      noOptionsText={tooShort ? translate('common.owners.type_at_least', { min: OWNER_SEARCH_MIN_CHARS, smart_count: OWNER_SEARCH_MIN_CHARS }) : translate('common.owners.no_results')}
      loadingText={translate('common.owners.searching')}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{highlightMatch(person.full_name, term)}</Typography>
            <Typography variant="caption" color="text.secondary">{highlightMatch(person.email, term)}</Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(label)}
          error={!!error}
          helperText={<InputHelperText error={error} helperText={helperText} />}
        />
      )}
    />
  );
}
