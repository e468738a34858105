import { useState } from 'react';
import { Avatar, Button, Chip } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import {
  CreateButton, DeleteButton, List, NumberField, SearchInput, SelectColumnsButton, SelectInput, TextField, TopToolbar,
  useNotify, useRecordContext, useRefresh, useTranslate, type FieldProps,
} from 'react-admin';
import type { Badge } from '@lp/shared/contract';
import { useBadgeActions } from './useBadgeActions.ts';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { STATUS_CHOICES, ruleLabel } from './badgeForm.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const R = 'resources.badges';

const TYPE_CHOICES = [
  { id: 'default', name: `${R}.types.default` },
  { id: 'custom', name: `${R}.types.custom` },
];

/** spec 1 §2.3: search and filters kept per list. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="badge_type" source="badge_type" label={`${R}.fields.badge_type`} choices={TYPE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label={`${R}.fields.status`} choices={STATUS_CHOICES} alwaysOn />,
];

/** Creates the default badges the client is missing (a new client, or one deleted by hand in the database). */
function RestoreDefaultsButton() {
  const actions = useBadgeActions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      const { created } = await actions.restoreDefaults();
      notify(`${R}.messages.defaults_restored`, { type: 'success', messageArgs: { smart_count: created } });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'errors.unexpected_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button size="small" startIcon={<RestoreIcon />} disabled={busy} onClick={() => void restore()}>{useTranslate()(`${R}.actions.restore_defaults`)}</Button>;
}

function BadgeImageField(_props: FieldProps) {
  const record = useRecordContext<Badge>();
  if (!record) return null;
  return record.image_url
    ? <Avatar src={record.image_url} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />
    : <Avatar variant="rounded" sx={{ width: 40, height: 40 }}><MilitaryTechIcon /></Avatar>;
}

function BadgeTypeField(_props: FieldProps) {
  const record = useRecordContext<Badge>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" variant={record.badge_type === 'default' ? 'outlined' : 'filled'} label={translate(`${R}.types.${record.badge_type}`)} />;
}

function RuleField(_props: FieldProps) {
  const record = useRecordContext<Badge>();
  const translate = useTranslate();
  return record ? <span>{ruleLabel(translate, record)}</span> : null;
}

function StatusField(_props: FieldProps) {
  const record = useRecordContext<Badge>();
  const translate = useTranslate();
  if (!record) return null;
  const active = record.status === 1;
  return <Chip size="small" color={active ? 'success' : 'default'} label={translate(`${R}.status.${active ? 'active' : 'inactive'}`)} />;
}

/** Default badges are deactivated, never deleted (the server refuses it too). */
function RowActions(_props: { label?: string }) {
  const record = useRecordContext<Badge>();
  if (!record || record.badge_type === 'default') return null;
  return <DeleteButton mutationMode="pessimistic" />;
}

/** spec 3 §2 badges: the client's default and custom badges (superuser only). */
export function BadgeList() {
  return (
    <List
      filters={filters}
      actions={<TopToolbar><SelectColumnsButton /><RestoreDefaultsButton /><CreateButton /></TopToolbar>}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['id', 'created_at']}>
        <TextField source="id" label={`${R}.fields.id`} />
        <BadgeImageField source="image_url" label={`${R}.fields.image_url`} sortable={false} />
        <TextField source="title" label={`${R}.fields.title`} />
        <BadgeTypeField source="badge_type" label={`${R}.fields.badge_type`} />
        <RuleField source="rule_metric" label={`${R}.fields.rule`} sortable={false} />
        <NumberField source="awarded_count" label={`${R}.fields.awarded_count`} sortable={false} />
        <StatusField source="status" label={`${R}.fields.status`} />
        <CreatedAtField source="created_at" label={`${R}.fields.created_at`} />
        <RowActions label="admin.list.actions" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default BadgeList;
