import { NumberField, TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function UserGroupList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
      <NumberField source="members_count" />
    </ResourceList>
  );
}

export default UserGroupList;
