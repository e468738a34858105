import { TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function ProfileList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="translations.pt-br" label="admin.translations.pt-br" sortable={false} />
    </ResourceList>
  );
}

export default ProfileList;
