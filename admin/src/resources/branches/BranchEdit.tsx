import { Edit } from 'react-admin';
import { BranchForm } from './BranchForm.tsx';

export function BranchEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <BranchForm edit />
    </Edit>
  );
}

export default BranchEdit;
