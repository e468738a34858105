import { Create, Loading, usePermissions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { UserForm } from './UserForm.tsx';

export function UserCreate() {
  const { permissions: admin, isPending } = usePermissions<SessionUser | null>();
  if (isPending) return <Loading />;
  // docs/api.md: client_ids must include the selected client
  const selected = admin?.id_user_client_selected;
  const defaults = { client_ids: selected != null ? [selected] : [], area_ids: [], group_ids: [], status: 'active' };
  return (
    <Create redirect="edit" record={defaults}>
      <UserForm isNew />
    </Create>
  );
}

export default UserCreate;
