import { Datagrid, List, TextField } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { searchFilters } from '../../common/searchFilters.tsx';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { AddMembersInput } from './AddMembersInput.tsx';
import { RemoveMembersButton } from './RemoveMembersButton.tsx';

const F = 'resources.group_members.fields';

/**
 * Members of the group: the nested resource users-groups/{id}/members (server-paged, searched and
 * sorted), add by search, bulk remove. Its columns name their labels: the resource name is no
 * translation key.
 */
export function GroupMembersTab({ groupId }: { groupId: number }) {
  return (
    <>
      <AddMembersInput groupId={groupId} />
      <List
        resource={nestedResource(ADMIN_RESOURCES.user_groups.name, groupId, 'members')}
        storeKey={`group_members.${groupId}`}
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
          <TextField source="id" label={`${F}.id`} />
          <TextField source="full_name" label={`${F}.full_name`} />
          <TextField source="email" label={`${F}.email`} />
        </Datagrid>
      </List>
    </>
  );
}
