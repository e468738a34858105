import { useEffect, useState } from 'react';
import { Autocomplete, Box, Button, CircularProgress, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { UserSummary } from '@lp/shared/contract';
import { useGroupMembers } from '../../common/groupMembers/useGroupMembers.ts';
import { useUserLookup } from './useUserLookup.ts';

/** GET /api/lookups/users/ needs at least this many characters (and answers at most 25 users). */
export const MIN_SEARCH = 3;

/** Search users (debounced) and add the chosen ones to the group. */
export function AddMembersInput({ groupId }: { groupId: Identifier }) {
  const translate = useTranslate();
  const members = useGroupMembers();
  const lookupUsers = useUserLookup();
  const notify = useNotify();
  const refresh = useRefresh();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<UserSummary[]>([]);
  const [selected, setSelected] = useState<UserSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const term = input.trim();
    if (term.length < MIN_SEARCH) {
      // a search still running for a longer term is dropped (its cleanup left `loading` set)
      setOptions([]);
      setLoading(false);
      return;
    }
    let alive = true;
    const timer = setTimeout(() => {
      setLoading(true);
      lookupUsers(term)
        .then((users) => alive && setOptions(users))
        .catch((error: unknown) =>
          notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' }),
        )
        .finally(() => alive && setLoading(false));
    }, 300);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [input, lookupUsers, notify]);

  const add = async () => {
    if (selected.length === 0) return;
    setSaving(true);
    try {
      await members.add(
        groupId,
        selected.map((u) => u.id),
      );
      notify('resources.group_members.notifications.added', {
        type: 'success',
        messageArgs: { smart_count: selected.length },
      });
      setSelected([]);
      setInput('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2, flexWrap: 'wrap' }}>
      <Autocomplete<UserSummary, true>
        multiple
        sx={{ flex: 1, minWidth: 280 }}
        options={options}
        value={selected}
        onChange={(_event, value) => setSelected(value)}
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setInput(value);
        }}
        filterOptions={(all) => all}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(u) => `${u.full_name} <${u.email}>`}
        loading={loading}
        noOptionsText={
          input.trim().length < MIN_SEARCH
            ? translate('resources.group_members.search_hint', { min: MIN_SEARCH, smart_count: MIN_SEARCH })
            : translate('resources.group_members.no_users')
        }
        loadingText={translate('ra.page.loading')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('resources.group_members.add_label')}
            size="small"
            slotProps={{
              input: {
                ...params.InputProps,
                endAdornment: (
                  <>
                    {loading && <CircularProgress color="inherit" size={16} />}
                    {params.InputProps.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      <Button
        variant="contained"
        startIcon={<PersonAddIcon />}
        disabled={selected.length === 0 || saving}
        onClick={() => void add()}
      >
        {translate('resources.group_members.add_button')}
      </Button>
    </Box>
  );
}
