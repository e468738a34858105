import { Create } from 'react-admin';
import { BranchForm } from './BranchForm.tsx';

export function BranchCreate() {
  return (
    <Create redirect="list">
      <BranchForm />
    </Create>
  );
}

export default BranchCreate;
