import {
  CreateButton, DeleteButton, List, SearchInput, SelectColumnsButton, SelectInput, TextField, TopToolbar,
  useRecordContext, type FieldProps,
} from 'react-admin';
import { wildcardPortalPath, type WildcardPage } from '@lp/shared/contract';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const F = 'resources.wild_cards.fields';

const STATUS_CHOICES = [
  { id: 1, name: 'common.content_status.published' },
  { id: 2, name: 'common.content_status.unpublished' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={STATUS_CHOICES} alwaysOn />,
];

function AddressField(_props: FieldProps) {
  const record = useRecordContext<WildcardPage>();
  return record ? <code>{wildcardPortalPath(record.slug)}</code> : null;
}

function StatusField(_props: FieldProps) {
  const record = useRecordContext<WildcardPage>();
  return <ContentStatusChip status={record?.status} />;
}

/** spec 1 §2.3 wild_cards: the client's slug-addressed pages. */
export function WildCardList() {
  return (
    <List
      filters={filters}
      actions={<TopToolbar><SelectColumnsButton /><CreateButton /></TopToolbar>}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'title', order: 'ASC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['id', 'created_at']}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="title" label={`${F}.title`} />
        <AddressField source="slug" label={`${F}.slug`} />
        <StatusField source="status" label={`${F}.status`} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
        <DeleteButton mutationMode="pessimistic" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default WildCardList;
