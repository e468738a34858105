import { Create } from 'react-admin';
import { ProfileForm } from './ProfileForm.tsx';

export function ProfileCreate() {
  return (
    <Create redirect="list">
      <ProfileForm />
    </Create>
  );
}

export default ProfileCreate;
