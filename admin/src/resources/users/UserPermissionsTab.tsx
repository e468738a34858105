import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Confirm,
  Loading,
  useNotify,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PERMISSION_GROUPS, type PermissionGroup } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';
import { PERMISSIONS_FIELD, type PermissionsByClient } from '../../dataProvider.ts';
import { useUserActions } from './userActions.ts';

type Grants = Record<string, boolean>;

const GROUPS = Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly string[]][];

/** What a group change or "clear all" would do, waiting for the admin's confirmation. */
interface PendingChange {
  clientId: string;
  next: Grants;
}

const NONE: Grants = {};

const anyGranted = (grants: Grants) => Object.values(grants).some(Boolean);

/**
 * spec 1 §6.1–6.2: the user's module items per client, one Switch (with its tooltip) per
 * permission key, grouped. The values live in the form (`permissions_by_client`) and are saved
 * with the user; removing every permission asks first (spec 1 §5.3 "All permissions will be lost").
 */
export function UserPermissionsTab() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number }>();
  const actions = useUserActions();
  const notify = useNotify();
  const { permissions: admin } = usePermissions<SessionUser | null>();
  const { getValues, setValue } = useFormContext();
  const clientIds = (useWatch({ name: 'client_ids' }) as number[] | undefined) ?? [];
  const byClient = (useWatch({ name: PERMISSIONS_FIELD }) as PermissionsByClient | undefined) ?? {};
  const [chosen, setChosen] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<PendingChange | null>(null);

  const clientKeys = clientIds.map(String);
  const preferred = admin?.id_user_client_selected != null ? String(admin.id_user_client_selected) : null;
  const clientId =
    chosen && clientKeys.includes(chosen)
      ? chosen
      : preferred && clientKeys.includes(preferred)
        ? preferred
        : (clientKeys[0] ?? null);
  const userId = record?.id;
  // a new user starts without permissions; an existing one's are read once per client
  const grants = clientId ? (byClient[clientId] ?? (userId === undefined ? NONE : undefined)) : undefined;

  // read when an answer or a change arrives, so loads of two clients do not overwrite each other
  const current = () => (getValues(PERMISSIONS_FIELD) as PermissionsByClient | undefined) ?? {};
  const missing = grants === undefined;

  useEffect(() => {
    // (re)loads also after the form is reset to a refreshed record
    if (!clientId || !missing || userId === undefined) return;
    let alive = true;
    setLoading(true);
    actions
      .permissions(userId, Number(clientId))
      .then((answer) => {
        if (!alive) return;
        const loaded = Object.fromEntries(answer.module_items.map((m) => [m.slug, m.permission]));
        // read when the answer arrives, so loads of two clients do not overwrite each other
        const current = (getValues(PERMISSIONS_FIELD) as PermissionsByClient | undefined) ?? {};
        setValue(PERMISSIONS_FIELD, { ...current, [clientId]: loaded });
      })
      .catch((error: unknown) =>
        notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' }),
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [clientId, missing, userId, actions, notify, setValue, getValues]);

  if (!clientId) return <Alert severity="info">{translate('resources.users.permissions.choose_client')}</Alert>;
  if (loading || !grants) return <Loading />;

  const apply = (next: Grants) => setValue(PERMISSIONS_FIELD, { ...current(), [clientId]: next }, { shouldDirty: true });

  /** Changes that would leave no permission at all are confirmed first. */
  const change = (next: Grants) => {
    if (anyGranted(grants) && !anyGranted(next)) setPending({ clientId, next });
    else apply(next);
  };

  const setGroup = (slugs: readonly string[], value: boolean) =>
    change({ ...grants, ...Object.fromEntries(slugs.map((slug) => [slug, value])) });

  const clearAll = () => change(Object.fromEntries(Object.keys(grants).map((slug) => [slug, false])));

  const clientName = (id: string) =>
    admin?.user_clients.find((c) => String(c.id) === id)?.name ?? `#${id}`;

  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {clientKeys.length > 1 && (
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id="permissions-client">{translate('resources.users.permissions.client')}</InputLabel>
            <Select
              labelId="permissions-client"
              label={translate('resources.users.permissions.client')}
              value={clientId}
              onChange={(event) => setChosen(String(event.target.value))}
            >
              {clientKeys.map((id) => (
                <MenuItem key={id} value={id}>
                  {clientName(id)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate('resources.users.permissions.saved_with_user')}
        </Typography>
        <Button color="error" onClick={clearAll} disabled={!anyGranted(grants)}>
          {translate('resources.users.permissions.clear_all')}
        </Button>
      </Box>
      {GROUPS.map(([group, slugs]) => (
        <Paper key={group} variant="outlined" component="section" aria-labelledby={`perm-${group}`} sx={{ p: 2, mb: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography id={`perm-${group}`} variant="subtitle1" component="h3" sx={{ flex: 1 }}>
              {translate(`resources.users.permissions.groups.${group}`)}
            </Typography>
            <Button size="small" onClick={() => setGroup(slugs, true)}>
              {translate('resources.users.permissions.select_all')}
            </Button>
            <Button size="small" onClick={() => setGroup(slugs, false)}>
              {translate('resources.users.permissions.clear')}
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 0.5 }}>
            {slugs.map((slug) => (
              <Tooltip key={slug} title={translate(`resources.users.permissions.help.${slug}`)} placement="top-start" describeChild>
                <FormControlLabel
                  control={
                    <Switch
                      checked={grants[slug] === true}
                      onChange={(event) => change({ ...grants, [slug]: event.target.checked })}
                    />
                  }
                  label={translate(`resources.users.permissions.items.${slug}`)}
                />
              </Tooltip>
            ))}
          </Box>
        </Paper>
      ))}
      <Confirm
        isOpen={pending !== null}
        title="resources.users.permissions.clear_all_title"
        content="resources.users.permissions.clear_all_warning"
        confirmColor="warning"
        onConfirm={() => {
          if (pending) {
            setValue(PERMISSIONS_FIELD, { ...current(), [pending.clientId]: pending.next }, { shouldDirty: true });
          }
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
