import { Edit } from 'react-admin';
import { HeadquarterForm } from './HeadquarterForm.tsx';

export function HeadquarterEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <HeadquarterForm edit />
    </Edit>
  );
}

export default HeadquarterEdit;
