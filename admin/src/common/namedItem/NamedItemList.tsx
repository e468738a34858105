import { TextField } from 'react-admin';
import { ResourceList } from '../ResourceList.tsx';

/** List of a named organisation resource (the resource comes from the route). */
export function NamedItemList() {
  return (
    <ResourceList>
      <TextField source="id" />
      <TextField source="name" />
    </ResourceList>
  );
}

export default NamedItemList;
