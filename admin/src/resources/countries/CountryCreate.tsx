import { Create } from 'react-admin';
import { CountryForm } from './CountryForm.tsx';

export function CountryCreate() {
  return (
    <Create redirect="list">
      <CountryForm />
    </Create>
  );
}

export default CountryCreate;
