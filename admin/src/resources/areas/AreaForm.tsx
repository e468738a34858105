import { BooleanInput, TextInput, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { TranslationsInputs } from '../../common/TranslationsInputs.tsx';

const validateName = [required(), maxLength(120)];

/** spec 1 §3.7: the client's own label for the area ("rename per client") and its translations. */
export function AreaForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined} defaultValues={{ is_active: true }}>
      <TextInput source="name" validate={validateName} helperText="resources.area_config.helper.name" fullWidth />
      <TranslationsInputs />
      <BooleanInput source="is_active" />
    </EditorForm>
  );
}
