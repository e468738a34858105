import { Box } from '@mui/material';
import {
  CreateButton, DeleteButton, EditButton, List, NumberField, SelectColumnsButton, TextField, TopToolbar,
  useResourceContext,
} from 'react-admin';
import { CreatedAtField } from './CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from './ListPagination.tsx';
import { searchFilters } from './searchFilters.tsx';
import { ResponsiveDatagrid } from './ResponsiveDatagrid.tsx';

function CategoryListActions({ canManage }: { canManage: boolean }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
    </TopToolbar>
  );
}

/** Edit, and delete behind a confirmation (the server refuses while the category is in use). */
function CategoryRowActions({ canManage }: { label?: string; canManage: boolean }) {
  if (!canManage) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <EditButton />
      <DeleteButton mutationMode="pessimistic" />
    </Box>
  );
}

export interface CategoryListProps {
  /** the column counting what the category holds (qty_files, qty_trails, qty_questions) */
  countSource: string;
  /** the user may create, edit and delete (the screen itself is guarded by its title slug) */
  canManage?: boolean;
}

/**
 * The category lists (library, trail and FAQ categories, spec 1 §2.3): search, configurable
 * columns, how much each category holds, edit and delete. Labels come from the resource's own
 * `resources.{name}.fields.*`.
 */
export function CategoryList({ countSource, canManage = true }: CategoryListProps) {
  const resource = useResourceContext();
  const F = `resources.${resource}.fields`;
  return (
    <List
      filters={searchFilters}
      actions={<CategoryListActions canManage={canManage} />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="name" label={`${F}.name`} />
        <NumberField source={countSource} label={`${F}.${countSource}`} sortable={false} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CategoryRowActions label="admin.list.actions" canManage={canManage} />
      </ResponsiveDatagrid>
    </List>
  );
}
