import type { ReactElement, ReactNode } from 'react';
import { BulkDeleteButton, List } from 'react-admin';
import { CreatedAtField } from './CreatedAtField.tsx';
import { ListActions } from './ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from './ListPagination.tsx';
import { RowActions } from './RowActions.tsx';
import { searchFilters } from './searchFilters.tsx';
import { ResponsiveDatagrid } from './ResponsiveDatagrid.tsx';

export interface ResourceListProps {
  /** the resource's own columns; id first is the convention, created_at and actions are appended */
  children: ReactNode;
  filters?: ReactElement[];
  /** columns hidden until the user shows them (configurable columns, spec 1 §2.3) */
  omit?: string[];
  sortField?: string;
  /** the first order (dates: newest first) */
  sortOrder?: 'ASC' | 'DESC';
  /** the toolbar's own buttons after columns and create (a report button, spec 1 §2.3) */
  actions?: ReactNode;
  /** false hides "create" from a user who may read the list but not change it (spec 1 §6.2 *_manage items) */
  canCreate?: boolean;
  /** false where the server has no delete (a record that ends through its workflow, spec 3 §2 appointments): no row or bulk delete */
  canDelete?: boolean;
  /** false where a record has no editor (a row acted on in place, like the sales audit): no row link, no edit button */
  canEdit?: boolean;
}

/**
 * The list every admin resource shares: search and filters kept per list, configurable
 * columns, the page sizes of ListPagination, bulk delete and row actions.
 */
export function ResourceList({ children, filters = searchFilters, omit, sortField = 'name', sortOrder = 'ASC', actions, canCreate = true, canDelete = true, canEdit = true }: ResourceListProps) {
  return (
    <List
      filters={filters}
      actions={<ListActions create={canCreate}>{actions}</ListActions>}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: sortField, order: sortOrder }}
    >
      <ResponsiveDatagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : false} omit={omit}>
        {children}
        <CreatedAtField source="created_at" />
        <RowActions label="admin.list.actions" canDelete={canDelete} canEdit={canEdit} />
      </ResponsiveDatagrid>
    </List>
  );
}
