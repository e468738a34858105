import { Edit, SimpleForm, TabbedShowLayout, TextInput } from 'react-admin';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { GroupMembersTab } from './GroupMembersTab.tsx';
import { validateGroupName } from './userGroupValidation.ts';

export function UserGroupEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.users-groups.tabs.general">
          {/* plain elements are not wrapped in a field label by the tab */}
          <div>
            <SimpleForm toolbar={<EditToolbar />} sx={{ p: 0 }}>
              <TextInput source="name" validate={validateGroupName} fullWidth />
            </SimpleForm>
          </div>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users-groups.tabs.members" path="members">
          <div>
            <GroupMembersTab />
          </div>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Edit>
  );
}

export default UserGroupEdit;
