import { useEffect, useState } from 'react';
import {
  Alert, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Button, useLocaleState, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { ApiRequestError } from '@lp/shared/client';
import { formatDateTime, hasPermission, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { userConsentsPath, type AdminUser, type SessionUser, type UserConsent } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';

/** The history table: kind, version, decision, date and IP, newest first (as the API sends it). */
export function UserConsentsTable({ rows }: { rows: UserConsent[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  if (rows.length === 0) return <Alert severity="info">{translate('resources.users.consents.empty')}</Alert>;
  const field = (name: string) => translate(`resources.users.consents.fields.${name}`);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{field('kind')}</TableCell>
          <TableCell>{field('version')}</TableCell>
          <TableCell>{field('decision')}</TableCell>
          <TableCell>{field('created_at')}</TableCell>
          <TableCell>{field('ip')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{translate(`resources.users.consents.kinds.${row.kind}`, { _: row.kind })}</TableCell>
            <TableCell>{row.version}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={row.accepted ? 'success' : 'default'}
                label={translate(`resources.users.consents.${row.accepted ? 'accepted' : 'declined'}`)}
              />
            </TableCell>
            <TableCell>{formatDateTime(row.created_at, languageId, userTimeZone())}</TableCell>
            <TableCell title={row.user_agent ?? undefined}>{row.ip ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type Loaded = { state: 'loading' } | { state: 'done'; rows: UserConsent[] } | { state: 'error'; code: string };

function ConsentsDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const translate = useTranslate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    apiClient.json<UserConsent[]>(userConsentsPath(user.id))
      .then((rows) => live && setLoaded({ state: 'done', rows }))
      .catch((error: unknown) => live && setLoaded({ state: 'error', code: error instanceof ApiRequestError ? error.code : 'unexpected_error' }));
    return () => { live = false; };
  }, [user.id]);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="user-consents-title">
      <DialogTitle id="user-consents-title">{translate('resources.users.consents.title', { name: user.full_name })}</DialogTitle>
      <DialogContent>
        {loaded.state === 'loading' && <CircularProgress size={24} />}
        {loaded.state === 'error' && <Alert severity="error">{translate(`errors.${loaded.code}`, { _: translate('errors.unexpected_error') })}</Alert>}
        {loaded.state === 'done' && <UserConsentsTable rows={loaded.rows} />}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/**
 * spec 1 §2.3 "consent viewing": the user's accepted and declined legal texts in the selected
 * client. Only with visualize_consent (§6.2); the API answers 403 without it.
 */
export function UserConsentsButton() {
  const record = useRecordContext<AdminUser>();
  const { permissions: admin } = usePermissions<SessionUser | null>();
  const [open, setOpen] = useState(false);
  if (!record || !admin || !hasPermission(admin, 'visualize_consent')) return null;
  return (
    <>
      <Button label="resources.users.actions.consents" onClick={() => setOpen(true)}>
        <FactCheckIcon />
      </Button>
      {open && <ConsentsDialog user={record} onClose={() => setOpen(false)} />}
    </>
  );
}
