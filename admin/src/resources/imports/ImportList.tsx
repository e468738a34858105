import { FunctionField, List, TextField } from 'react-admin';
import type { ImportRecord } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { ListActions } from '../../common/ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { importFilters } from './importFilters.tsx';
import { ImportCounts, ImportProgress, ImportStatusChip, ImportTypeField, isRunning, POLL_MS, RESOURCE_KEY } from './importFields.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

interface ListQuery {
  state: { data?: { data?: ImportRecord[] } };
}

/** Keep the list moving while any import on the page is being validated or processed. */
const refetchWhileRunning = (query: ListQuery) =>
  query.state.data?.data?.some((record) => isRunning(record.status)) ? POLL_MS * 2 : false;

/** spec 1 §2.3 admin-imports: the imports, newest first; a row opens its detail and logs. */
export function ImportList() {
  return (
    <List
      filters={importFilters}
      actions={<ListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'id', order: 'DESC' }}
      queryOptions={{ refetchInterval: refetchWhileRunning }}
    >
      <ResponsiveDatagrid rowClick="show" bulkActionButtons={false} omit={['updated_at']}>
        <TextField source="id" />
        <ImportTypeField source="import_type" label={`${RESOURCE_KEY}.fields.import_type`} />
        <TextField source="file_name" />
        <ImportStatusChip source="status" label={`${RESOURCE_KEY}.fields.status`} />
        <ImportProgress dense label={`${RESOURCE_KEY}.fields.progress`} sortable={false} />
        <ImportCounts label={`${RESOURCE_KEY}.fields.counts`} sortable={false} />
        <FunctionField<ImportRecord>
          source="created_by"
          sortable={false}
          render={(record) => record.created_by?.full_name ?? ''}
        />
        <CreatedAtField source="created_at" />
        <CreatedAtField source="updated_at" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default ImportList;
