import { Create } from 'react-admin';
import { PartnerProviderForm } from './PartnerProviderForm.tsx';

export function PartnerProviderCreate() {
  return (
    <Create redirect="list">
      <PartnerProviderForm />
    </Create>
  );
}
export default PartnerProviderCreate;
