import {
  CreateButton, DatagridConfigurable, DeleteButton, EditButton, List, NumberField, SelectColumnsButton, TextField, TopToolbar,
} from 'react-admin';
import { Box } from '@mui/material';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { useTrailAccess } from '../trails/useTrailAccess.ts';

const F = 'resources.trail/categories.fields';

function CategoryListActions() {
  const { canManage } = useTrailAccess();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
    </TopToolbar>
  );
}

/** Edit, and delete behind a confirmation, for those who manage trails. */
function CategoryRowActions(_props: { label?: string }) {
  const { canManage } = useTrailAccess();
  if (!canManage) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <EditButton />
      <DeleteButton mutationMode="pessimistic" />
    </Box>
  );
}

/** spec 2 §2.4 / spec 1 §2.3 /admin/trail/categories: search, configurable columns. */
export function TrailCategoryList() {
  return (
    <List
      filters={searchFilters}
      actions={<CategoryListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <DatagridConfigurable rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="name" label={`${F}.name`} />
        <NumberField source="qty_trails" label={`${F}.qty_trails`} sortable={false} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CategoryRowActions label="admin.list.actions" />
      </DatagridConfigurable>
    </List>
  );
}

export default TrailCategoryList;
