import { useState } from 'react';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Button,
  Confirm,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useGroupMembers } from '../../common/groupMembers/useGroupMembers.ts';

/** Bulk action: removes the selected members after a confirmation (POST …/members/remove/). */
export function RemoveMembersButton({ groupId }: { groupId: Identifier }) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const members = useGroupMembers();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await members.remove(groupId, selectedIds);
      notify('resources.group_members.notifications.removed', {
        type: 'success',
        messageArgs: { smart_count: selectedIds.length },
      });
      onUnselectItems();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label="resources.group_members.remove_button" color="error" onClick={() => setOpen(true)}>
        <PersonRemoveIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="resources.group_members.remove_title"
        content={translate('resources.group_members.remove_content', { smart_count: selectedIds.length })}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
