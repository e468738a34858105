import { BooleanField, TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function AreaList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="translations.pt-br" label="admin.translations.pt-br" sortable={false} />
      <TextField source="translations.en-us" label="admin.translations.en-us" sortable={false} />
      <BooleanField source="is_active" />
    </ResourceList>
  );
}

export default AreaList;
