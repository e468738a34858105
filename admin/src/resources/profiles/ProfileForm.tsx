import { SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { TranslationsInputs } from '../../common/TranslationsInputs.tsx';

const validateName = [required(), maxLength(120)];

export function ProfileForm({ edit = false }: { edit?: boolean }) {
  return (
    <SimpleForm toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={validateName} fullWidth />
      <TranslationsInputs />
    </SimpleForm>
  );
}
