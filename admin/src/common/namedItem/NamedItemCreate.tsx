import { Create } from 'react-admin';
import { NamedItemForm } from './NamedItemForm.tsx';

export function NamedItemCreate() {
  return (
    <Create redirect="list">
      <NamedItemForm />
    </Create>
  );
}

export default NamedItemCreate;
