import { Edit } from 'react-admin';
import { AreaForm } from './AreaForm.tsx';

export function AreaEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <AreaForm edit />
    </Edit>
  );
}

export default AreaEdit;
