import { Edit } from 'react-admin';
import { CountryForm } from './CountryForm.tsx';

export function CountryEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <CountryForm edit />
    </Edit>
  );
}

export default CountryEdit;
