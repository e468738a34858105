import { useState } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Button as MuiButton,
  Select,
} from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import {
  Button,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useGroupMembers } from '../../common/groupMembers/useGroupMembers.ts';

/** Bulk action: adds the selected users to one group (POST …/user_groups/{id}/members/). */
export function IncludeInGroupButton() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const members = useGroupMembers();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [groupId, setGroupId] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: groups = [] } = useGetList<{ id: number; name: string }>(
    'lookup_user_groups',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );

  const include = async () => {
    setBusy(true);
    try {
      await members.add(Number(groupId), selectedIds);
      notify('resources.users.notifications.added_to_group', {
        type: 'success',
        messageArgs: { smart_count: selectedIds.length },
      });
      onUnselectItems();
      setOpen(false);
      setGroupId('');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="resources.users.actions.include_in_group" onClick={() => setOpen(true)}>
        <GroupAddIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="include-group-title" fullWidth maxWidth="xs">
        <DialogTitle id="include-group-title">{translate('resources.users.include_in_group.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('resources.users.include_in_group.content', { smart_count: selectedIds.length })}
          </DialogContentText>
          <FormControl fullWidth size="small">
            <InputLabel id="include-group-label">{translate('resources.users.include_in_group.group')}</InputLabel>
            <Select
              labelId="include-group-label"
              label={translate('resources.users.include_in_group.group')}
              value={groupId}
              onChange={(event) => setGroupId(String(event.target.value))}
            >
              {groups.map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {g.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" disabled={!groupId || busy} onClick={() => void include()}>
            {translate('resources.users.actions.include_in_group')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
