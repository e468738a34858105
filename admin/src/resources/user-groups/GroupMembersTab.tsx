import { Datagrid, List, TextField } from 'react-admin';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { GROUP_MEMBERS } from '../../dataProvider.ts';
import { AddMembersInput } from './AddMembersInput.tsx';
import { RemoveMembersButton } from './RemoveMembersButton.tsx';

/** Members of the group: nested list (parent id in the filter), add by search, bulk remove. */
export function GroupMembersTab({ groupId }: { groupId: number }) {
  return (
    <>
      <AddMembersInput groupId={groupId} />
      <List
        resource={GROUP_MEMBERS}
        filter={{ group_id: groupId }}
        storeKey={`${GROUP_MEMBERS}.${groupId}`}
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
        <Datagrid rowClick={false} bulkActionButtons={<RemoveMembersButton groupId={groupId} />}>
          <TextField source="id" />
          <TextField source="full_name" />
          <TextField source="email" />
        </Datagrid>
      </List>
    </>
  );
}
