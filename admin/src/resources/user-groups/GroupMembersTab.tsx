import { Datagrid, List, TextField, useRecordContext } from 'react-admin';
import type { UserGroup } from '@lp/shared/contract';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { GROUP_MEMBERS } from '../../dataProvider.ts';
import { AddMembersInput } from './AddMembersInput.tsx';
import { RemoveMembersButton } from './RemoveMembersButton.tsx';

/** Members of the group: nested list (parent id in the filter), add by search, bulk remove. */
export function GroupMembersTab() {
  const group = useRecordContext<UserGroup>();
  if (!group) return null;
  return (
    <>
      <AddMembersInput groupId={group.id} />
      <List
        resource={GROUP_MEMBERS}
        filter={{ group_id: group.id }}
        storeKey={`${GROUP_MEMBERS}.${group.id}`}
        disableSyncWithLocation
        filters={searchFilters}
        actions={false}
        title={false}
        empty={false}
        component="div"
        perPage={DEFAULT_PER_PAGE}
        sort={{ field: 'full_name', order: 'ASC' }}
        pagination={<ListPagination />}
      >
        <Datagrid rowClick={false} bulkActionButtons={<RemoveMembersButton groupId={group.id} />}>
          <TextField source="id" />
          <TextField source="full_name" />
          <TextField source="email" />
        </Datagrid>
      </List>
    </>
  );
}
