import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button as MuiButton } from '@mui/material';
import PasswordIcon from '@mui/icons-material/Password';
import { Button, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser, ResetPasswordRequest } from '@lp/shared/contract';
import { useUserActions } from './userActions.ts';

/** spec 1 §2.3: reset password — send a reset e-mail, or reset to the default password. */
export function ResetPasswordButton() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  const actions = useUserActions();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const reset = async (mode: ResetPasswordRequest['mode']) => {
    setBusy(true);
    try {
      await actions.resetPassword(record.id, mode);
      notify(`resources.users.notifications.reset_${mode}`, { type: 'success' });
      setOpen(false);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="resources.users.actions.reset_password" onClick={() => setOpen(true)}>
        <PasswordIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="reset-password-title">
        <DialogTitle id="reset-password-title">{translate('resources.users.reset_password.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('resources.users.reset_password.content', { name: record.full_name })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton onClick={() => void reset('default')} disabled={busy}>
            {translate('resources.users.reset_password.default')}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void reset('email')} disabled={busy}>
            {translate('resources.users.reset_password.email')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
