import {
  BooleanField,
  BulkDeleteButton,
  DatagridConfigurable,
  List,
  TextField,
} from 'react-admin';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { RowActions } from '../../common/RowActions.tsx';
import { ListActions } from '../../common/ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';

export function AreaList() {
  return (
    <List
      filters={searchFilters}
      actions={<ListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DatagridConfigurable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="translations.pt-br" label="admin.translations.pt-br" sortable={false} />
        <TextField source="translations.en-us" label="admin.translations.en-us" sortable={false} />
        <BooleanField source="is_active" />
        <CreatedAtField source="created_at" />
        <RowActions label="admin.list.actions" />
      </DatagridConfigurable>
    </List>
  );
}

export default AreaList;
