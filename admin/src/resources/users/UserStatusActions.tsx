import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminUser } from '@lp/shared/contract';
import { useUserActions, type UserStatusAction } from './userActions.ts';

/** spec 1 §4.1: which manual status actions a status offers. */
export function statusActionsFor(status: string): UserStatusAction[] {
  if (status === 'deleted' || status === 'deletion_requested') return [];
  if (status === 'blocked') return ['unblock'];
  if (status === 'awaiting_validation') return ['approve', 'block'];
  return ['block'];
}

const ICONS: Record<UserStatusAction, React.ReactElement> = {
  block: <BlockIcon />,
  unblock: <LockOpenIcon />,
  approve: <HowToRegIcon />,
};
const NOTICE: Record<UserStatusAction, string> = { block: 'blocked', unblock: 'unblocked', approve: 'approved' };

/**
 * Block / unblock / approve buttons shown according to the user's status: block and unblock
 * for a users manager, approve also for a superior approver of the user (shared mayApproveUser).
 */
export function UserStatusActions({ manage, approve }: { manage: boolean; approve: boolean }) {
  const record = useRecordContext<AdminUser>();
  const actions = useUserActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const run = async (action: UserStatusAction) => {
    setBusy(true);
    try {
      await actions.changeStatus(record.id, action);
      notify(`resources.users.notifications.${NOTICE[action]}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {statusActionsFor(record.status).filter((action) => (action === 'approve' ? approve : manage)).map((action) => (
        <Button
          key={action}
          label={`resources.users.actions.${action}`}
          disabled={busy}
          color={action === 'block' ? 'error' : 'primary'}
          onClick={() => void run(action)}
        >
          {ICONS[action]}
        </Button>
      ))}
    </>
  );
}
