import { useState } from 'react';
import {
  Alert, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Button, HttpError, useGetList, useLocaleState, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, hasPermission, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { ADMIN_RESOURCES, type AdminUser, type SessionUser, type UserConsent } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';

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

/** the API answers the whole history at once; react-admin's paging is not sent */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'DESC' as const } };

/** The refusal's translation key (`errors.{code}`), or the generic one. */
const errorKey = (error: unknown) => (error instanceof HttpError && error.message.startsWith('errors.') ? error.message : 'errors.unexpected_error');

function ConsentsDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const translate = useTranslate();
  // the nested resource users/{id}/consents, read once per opening
  const { data, error, isPending } = useGetList<UserConsent>(nestedResource(ADMIN_RESOURCES.users.name, user.id, 'consents'), ALL, {
    staleTime: 0,
    retry: false,
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="user-consents-title">
      <DialogTitle id="user-consents-title">{translate('resources.users.consents.title', { name: user.full_name })}</DialogTitle>
      <DialogContent>
        {isPending && !error && <CircularProgress size={24} />}
        {error && <Alert severity="error">{translate(errorKey(error), { _: translate('errors.unexpected_error') })}</Alert>}
        {data && !error && <UserConsentsTable rows={data} />}
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
