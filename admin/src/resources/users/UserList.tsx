import { DatagridConfigurable, FunctionField, List, TextField, useTranslate } from 'react-admin';
import { ListActions } from '../../common/ListActions.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';

interface UserRow {
  id: number;
  full_name: string;
  email: string;
  status: string;
}

function StatusText({ status }: { status: string }) {
  const translate = useTranslate();
  return <>{translate(`resources.users.status.${status}`, { _: status })}</>;
}

/** Read-only for now (spec 1 §2.3 users); the register form is a later issue. */
export function UserList() {
  return (
    <List
      filters={searchFilters}
      actions={<ListActions create={false} />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'full_name', order: 'ASC' }}
    >
      <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="full_name" />
        <TextField source="email" />
        <FunctionField<UserRow> source="status" render={(record) => <StatusText status={record.status} />} />
      </DatagridConfigurable>
    </List>
  );
}

export default UserList;
