import { TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

export function CountryList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="code" />
    </ResourceList>
  );
}

export default CountryList;
