import { Edit } from 'react-admin';
import { AnonymizedNotice, UserDeletionPanel } from './UserDeletionPanel.tsx';
import { UserEditActions } from './UserEditActions.tsx';
import { UserForm } from './UserForm.tsx';

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} actions={<UserEditActions />}>
      <AnonymizedNotice />
      <UserDeletionPanel />
      <UserForm />
    </Edit>
  );
}

export default UserEdit;
