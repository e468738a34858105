import { Edit } from 'react-admin';
import { PartnerProviderForm } from './PartnerProviderForm.tsx';

export function PartnerProviderEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <PartnerProviderForm edit />
    </Edit>
  );
}
export default PartnerProviderEdit;
