import { Create, TextInput } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { validateGroupName } from './userGroupValidation.ts';

export function UserGroupCreate() {
  // after creating, open the group so members can be added
  return (
    <Create redirect="edit">
      <EditorForm>
        <TextInput source="name" validate={validateGroupName} fullWidth />
      </EditorForm>
    </Create>
  );
}

export default UserGroupCreate;
