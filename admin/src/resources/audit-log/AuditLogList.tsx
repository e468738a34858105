import {
  FunctionField, List, SearchInput, SelectInput, TextField, useTranslate,
} from 'react-admin';
import { AUDIT_ACTIONS, type AuditLogEntry } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { ListActions } from '../../common/ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const KEY = 'resources.audit-log';
const actionChoices = AUDIT_ACTIONS.map((id) => ({ id, name: `${KEY}.actions.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
];

/** `details` as short `key: value` pairs (from → to, added/removed clients). */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value ?? '—')}`)
    .join(' · ');
}

/** Who did what to whom, when and from where; newest first, nothing to edit. */
export function AuditLogList() {
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<ListActions create={false} />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick={false} bulkActionButtons={false} omit={['user_agent', 'client_name']}>
        <CreatedAtField source="created_at" showTime />
        <FunctionField<AuditLogEntry> source="action" render={(r) => translate(`${KEY}.actions.${r.action}`, { _: r.action })} />
        <TextField source="actor_name" emptyText="—" sortable={false} />
        <TextField source="target_name" emptyText="—" sortable={false} />
        <FunctionField<AuditLogEntry> source="details" sortable={false} render={(r) => detailsText(r.details)} />
        <TextField source="client_name" emptyText="—" sortable={false} />
        <TextField source="ip" emptyText="—" sortable={false} />
        <TextField source="user_agent" emptyText="—" sortable={false} />
      </ResponsiveDatagrid>
    </List>
  );
}

export default AuditLogList;
