import { TextInput, maxLength, required } from 'react-admin';
import { EditorForm } from '../editor/index.ts';
import { EditToolbar } from '../EditToolbar.tsx';

const validateName = [required(), maxLength(150)];

/** The form of the organisation lists that are just a name (branch types, size types, regionals). */
export function NamedItemForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={validateName} fullWidth />
    </EditorForm>
  );
}
