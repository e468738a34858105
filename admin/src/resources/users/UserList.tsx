import { CreateButton, List, SelectColumnsButton, TextField, TopToolbar, usePermissions } from 'react-admin';
import { USERS_REPORT_PATH, type SessionUser } from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { IncludeInGroupButton } from './IncludeInGroupButton.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { usersReportBody } from './usersReportBody.ts';
import { UserStatusField } from './UserStatusField.tsx';
import { userFilters } from './userFilters.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

/** The list's toolbar with the users report button (spec 1 §2.3; docs/api.md: users + reports; hidden without reports). */
function UserListActions() {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <CreateButton />
      <ReportButton report="users" path={USERS_REPORT_PATH} toBody={usersReportBody} />
    </TopToolbar>
  );
}

/** spec 1 §2.3: configurable columns and filters, both kept per list. */
export function UserList() {
  const { permissions: admin } = usePermissions<SessionUser | null>();
  // adding members is the user groups' API (slug users_groups)
  const canGroup = !!admin && hasPermission(admin, 'users_groups');
  return (
    <List
      filters={userFilters}
      actions={<UserListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'full_name', order: 'ASC' }}
    >
      <ResponsiveDatagrid
        rowClick="edit"
        bulkActionButtons={canGroup ? <IncludeInGroupButton /> : false}
        omit={['nick_name', 'register', 'gmin_number', 'sap_code']}
      >
        <TextField source="id" />
        <TextField source="full_name" />
        <TextField source="nick_name" sortable={false} />
        <TextField source="email" />
        <TextField source="document" sortable={false} />
        <TextField source="register" sortable={false} />
        <TextField source="gmin_number" sortable={false} />
        <TextField source="sap_code" sortable={false} />
        <UserStatusField source="status" label="resources.users.fields.status" />
        <CreatedAtField source="date_joined" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default UserList;
