import { useState } from 'react';
import { Link } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { updateSession } from '@lp/shared/client';
import type { AdminUser } from '@lp/shared/contract';
import { useSessionApi } from '../../layout/sessionApi.ts';
import { useUserActions } from './userActions.ts';

/** Where the learner portal lives (same origin: it reads the same stored session). */
export const PORTAL_HOME = '/';

/**
 * spec 1 §2.3 "administrative view": log in as the user. The returned session replaces this
 * browser's shared one (so the warning first) — its refresh token goes straight into the
 * HttpOnly cookie, never into storage — then the portal opens in a new tab.
 */
export function LoginAsButton() {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  const actions = useUserActions();
  const session = useSessionApi();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(false);
  if (!record) return null;

  const loginAs = async () => {
    setBusy(true);
    try {
      const tokens = await actions.loginAs(record.id);
      await session.adoptSession(tokens.refresh_token);
      updateSession(window.localStorage, { user: null });
      // the portal starts from the stored user: store the target's before opening it
      updateSession(window.localStorage, { user: await session.sessionUser() });
      setOpen(false);
      // spec 1 §8.5 "Window blocked": offer a link when the popup is refused
      if (!window.open(PORTAL_HOME, '_blank')) setBlocked(true);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button label="resources.users.actions.login_as" onClick={() => setOpen(true)}>
        <VisibilityIcon />
      </Button>
      {blocked && (
        <Link href={PORTAL_HOME} target="_blank" rel="noopener" sx={{ alignSelf: 'center', mx: 1 }}>
          {translate('resources.users.login_as.blocked_window')}
        </Link>
      )}
      <Confirm
        isOpen={open}
        loading={busy}
        title="resources.users.login_as.title"
        content={translate('resources.users.login_as.content', { name: record.full_name })}
        confirmColor="warning"
        onConfirm={() => void loginAs()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
