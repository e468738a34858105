import {
  ArrayField,
  BulkDeleteButton,
  ChipField,
  DatagridConfigurable,
  List,
  SingleFieldList,
  TextField,
} from 'react-admin';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { RowActions } from '../../common/RowActions.tsx';
import { ListActions } from '../../common/ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';

export function TagList() {
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
        <ArrayField source="areas" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ArrayField>
        <CreatedAtField source="created_at" />
        <RowActions label="admin.list.actions" />
      </DatagridConfigurable>
    </List>
  );
}

export default TagList;
