import { Create } from 'react-admin';
import { AreaForm } from './AreaForm.tsx';

export function AreaCreate() {
  return (
    <Create redirect="list">
      <AreaForm />
    </Create>
  );
}

export default AreaCreate;
