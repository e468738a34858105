import { Create, Loading, usePermissions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { UserForm } from './UserForm.tsx';
import { useCountryList, useDefaultCountryCode } from './userValidation.ts';

export function UserCreate() {
  const { permissions: admin, isPending } = usePermissions<SessionUser | null>();
  const { countries, isPending: countriesPending } = useCountryList();
  const defaultCode = useDefaultCountryCode();
  if (isPending || countriesPending) return <Loading />;
  // docs/api.md: client_ids must include the selected client
  const selected = admin?.id_user_client_selected;
  // spec 1 §5.2: a new user starts in the client's default country, whose document rules apply
  const country = countries.find((c) => c.code === defaultCode);
  const defaults = {
    client_ids: selected != null ? [selected] : [], area_ids: [], group_ids: [], status: 'active', country_id: country?.id ?? null,
    password_choice: 'email',
  };
  return (
    <Create redirect="edit" record={defaults}>
      <UserForm isNew />
    </Create>
  );
}

export default UserCreate;
