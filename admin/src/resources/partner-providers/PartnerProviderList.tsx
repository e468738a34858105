import { BooleanField, TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function PartnerProviderList() {
  return (
    <ResourceList>
      <TextField source="name" />
      <TextField source="slug" />
      <TextField source="issuer" />
      <BooleanField source="auto_provision" />
      <BooleanField source="enabled" />
    </ResourceList>
  );
}
export default PartnerProviderList;
