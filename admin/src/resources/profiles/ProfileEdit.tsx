import { Edit } from 'react-admin';
import { ProfileForm } from './ProfileForm.tsx';

export function ProfileEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ProfileForm edit />
    </Edit>
  );
}

export default ProfileEdit;
