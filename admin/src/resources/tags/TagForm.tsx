import { AutocompleteArrayInput, ReferenceArrayInput, TextInput, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(60)];

export function TagForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={validateName} fullWidth />
      <ReferenceArrayInput source="area_ids" reference="lookup_areas" perPage={500}>
        <AutocompleteArrayInput optionText="name" fullWidth label="resources.tags.fields.area_ids" />
      </ReferenceArrayInput>
    </EditorForm>
  );
}
