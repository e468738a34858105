import { useParams } from 'react-router-dom';
import { Edit, TextInput } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm, TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { GroupMembersTab } from './GroupMembersTab.tsx';
import { validateGroupName } from './userGroupValidation.ts';

const RESOURCE = ADMIN_RESOURCES.user_groups.name;
const TABS = ['general', 'members'] as const;

/** spec 1 §2.3 route users-groups/{id} ("user groups with members"): the name on the record path, the members at /users-groups/{id}/members. */
export function UserGroupEdit() {
  const id = Number(useParams().id);
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels={`resources.${RESOURCE}.tabs`}>
      {current === 'members' ? (
        <GroupMembersTab groupId={id} />
      ) : (
        <Edit id={id} resource={RESOURCE} mutationMode="pessimistic" redirect={false}>
          <EditorForm toolbar={<EditToolbar />}>
            <TextInput source="name" validate={validateGroupName} fullWidth />
          </EditorForm>
        </Edit>
      )}
    </TabbedEditor>
  );
}

export default UserGroupEdit;
