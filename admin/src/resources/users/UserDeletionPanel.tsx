import { useState } from 'react';
import { Alert, AlertTitle, Box } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Button,
  Confirm,
  useLocaleState,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDate, hasPermission, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import type { AdminUser, SessionUser } from '@lp/shared/contract';
import { useUserActions, type DeletionDecision } from './userActions.ts';

/** Deleted users show "Deleted - anonymized data" (spec 1 §4.2). */
export function AnonymizedNotice() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  if (record?.status !== 'deleted') return null;
  return (
    <Alert severity="info" sx={{ m: 2, mb: 0 }}>
      {translate('resources.users.anonymized')}
    </Alert>
  );
}

/**
 * spec 1 §4.2: a pending deletion request is confirmed (irreversible anonymisation) or
 * rejected; without the anonymization permission the administrator sees a message instead.
 */
export function UserDeletionPanel() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  const { permissions: admin, isPending } = usePermissions<SessionUser | null>();
  const [locale] = useLocaleState();
  const actions = useUserActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<DeletionDecision | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'deletion_requested' || isPending) return null;

  // docs/api.md: confirm needs users_delete_manage and data_anonymization; reject the first
  const canDecide = !!admin && hasPermission(admin, 'users_delete_manage') && hasPermission(admin, 'data_anonymization');
  const requestedAt = record.deletion_requested_at
    ? formatDate(record.deletion_requested_at, languageIdForLocale(locale as LocaleCode))
    : '';

  const decide = async (decision: DeletionDecision) => {
    setBusy(true);
    try {
      await actions.decideDeletion(record.id, decision);
      notify(`resources.users.notifications.deletion_${decision}ed`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  return (
    <Alert severity="warning" sx={{ m: 2, mb: 0 }} role="region" aria-label={translate('resources.users.deletion.title')}>
      <AlertTitle>{translate('resources.users.deletion.title')}</AlertTitle>
      {translate('resources.users.deletion.requested_at', { date: requestedAt })}
      {canDecide ? (
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button label="resources.users.deletion.confirm" color="error" variant="contained" onClick={() => setAsking('confirm')}>
            <DeleteForeverIcon />
          </Button>
          <Button label="resources.users.deletion.reject" variant="outlined" onClick={() => setAsking('reject')}>
            <UndoIcon />
          </Button>
        </Box>
      ) : (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('resources.users.deletion.no_permission')}
        </Alert>
      )}
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={asking === 'confirm' ? 'resources.users.deletion.confirm_title' : 'resources.users.deletion.reject_title'}
        titleTranslateOptions={{ name: record.full_name }}
        content={asking === 'confirm' ? 'resources.users.deletion.confirm_content' : 'resources.users.deletion.reject_content'}
        confirm={asking === 'confirm' ? 'resources.users.deletion.confirm' : 'resources.users.deletion.reject'}
        confirmColor={asking === 'confirm' ? 'warning' : 'primary'}
        onConfirm={() => asking && void decide(asking)}
        onClose={() => setAsking(null)}
      />
    </Alert>
  );
}
