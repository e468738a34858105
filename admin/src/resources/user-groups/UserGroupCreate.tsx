import { Create, SimpleForm, TextInput } from 'react-admin';
import { validateGroupName } from './userGroupValidation.ts';

export function UserGroupCreate() {
  // after creating, open the group so members can be added
  return (
    <Create redirect="edit">
      <SimpleForm>
        <TextInput source="name" validate={validateGroupName} fullWidth />
      </SimpleForm>
    </Create>
  );
}

export default UserGroupCreate;
