import { Create } from 'react-admin';
import { HeadquarterForm } from './HeadquarterForm.tsx';

export function HeadquarterCreate() {
  return (
    <Create redirect="list">
      <HeadquarterForm />
    </Create>
  );
}

export default HeadquarterCreate;
