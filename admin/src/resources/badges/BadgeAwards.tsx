import { useState } from 'react';
import {
  Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, Form, useDelete, useGetList, useNotify, usePermissions, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, type Badge, type BadgeAward, type SessionUser } from '@lp/shared/contract';
import { formatDate } from '@lp/shared/rules';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { useBadgeActions } from './useBadgeActions.ts';
import { OwnersInput } from '../../common/ownersInput/OwnersInput.tsx';

const R = 'resources.badges.awards';
/** the whole list: the server answers every holder at once */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'awarded_at', order: 'DESC' as const } };

/**
 * Who holds the badge (newest first), awarding it by hand to users of the client (the people
 * search of the owners input), and taking back a badge given by hand; one earned by its rule
 * stays (the rule would give it again).
 */
export function BadgeAwards({ badge }: { badge: Pick<Badge, 'id' | 'title'> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useBadgeActions();
  const [deleteOne] = useDelete();
  const { permissions: user } = usePermissions<SessionUser | null>();
  // the holders are the nested resource badges/{id}/awards (a row's id is its user's)
  const resource = nestedResource(ADMIN_RESOURCES.badges.name, badge.id, 'awards');
  const { data, isPending, error, refetch } = useGetList<BadgeAward & { id: number }>(resource, ALL, { staleTime: 0 });
  const [formKey, setFormKey] = useState(0);
  const [revoking, setRevoking] = useState<BadgeAward | null>(null);
  const languageId = user?.id_user_language_selected ?? 1;

  const reload = () => refetch();

  const award = async (values: Record<string, unknown>) => {
    const ids = (values.user_ids as number[] | undefined) ?? [];
    if (ids.length === 0) {
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'warning' });
      return;
    }
    try {
      const { awarded } = await actions.award(badge.id, ids);
      notify(`${R}.awarded`, { type: 'success', messageArgs: { smart_count: awarded } });
      setFormKey((k) => k + 1);
      await reload();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'errors.unexpected_error', { type: 'error' });
    }
  };

  const revoke = async (row: BadgeAward) => {
    setRevoking(null);
    try {
      await deleteOne(resource, { id: row.user.id, previousData: { ...row, id: row.user.id } }, { returnPromise: true });
      notify(`${R}.revoked`, { type: 'success' });
      await reload();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'errors.unexpected_error', { type: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Form key={formKey} onSubmit={(values: Record<string, unknown>) => void award(values)} record={{ user_ids: [] }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <OwnersInput source="user_ids" label={`${R}.users`} helperText={`${R}.users_help`} initialOwners={[]} />
          <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }}>{translate(`${R}.award`)}</Button>
        </Stack>
      </Form>
      <Confirm
        isOpen={revoking !== null}
        title={`${R}.revoke`}
        content={translate(`${R}.revoke_confirm`, { name: revoking?.user.full_name ?? '', badge: badge.title })}
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
      {error && <Typography color="error">{translate('errors.unexpected_error')}</Typography>}
      {!isPending && data?.length === 0 && <Typography color="text.secondary">{translate(`${R}.empty`)}</Typography>}
      {data && data.length > 0 && (
        <Table size="small" aria-label={translate(`${R}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${R}.columns.user`)}</TableCell>
              <TableCell>{translate(`${R}.columns.email`)}</TableCell>
              <TableCell>{translate(`${R}.columns.awarded_at`)}</TableCell>
              <TableCell>{translate(`${R}.columns.how`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => (
              <TableRow key={row.user.id}>
                <TableCell>{row.user.full_name}</TableCell>
                <TableCell>{row.user.email}</TableCell>
                <TableCell>{formatDate(row.awarded_at, languageId)}</TableCell>
                <TableCell>{translate(row.manual ? `${R}.manual` : `${R}.by_rule`)}</TableCell>
                <TableCell align="right">
                  {row.manual && (
                    <Tooltip title={translate(`${R}.revoke`)}>
                      <IconButton aria-label={translate(`${R}.revoke`)} onClick={() => setRevoking(row)} size="small"><DeleteIcon /></IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
