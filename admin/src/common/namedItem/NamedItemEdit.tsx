import { Edit } from 'react-admin';
import { NamedItemForm } from './NamedItemForm.tsx';

export function NamedItemEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <NamedItemForm edit />
    </Edit>
  );
}

export default NamedItemEdit;
