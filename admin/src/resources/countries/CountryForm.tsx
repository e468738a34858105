import { BooleanInput, TextInput, maxLength, minLength, regex, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(150)];
// ISO 3166-1 alpha-3: the key of the document masks (spec 1 §5.2)
const validateCode = [required(), minLength(3), maxLength(3), regex(/^[A-Z]{3}$/, 'resources.countries.helper.code')];

export function CountryForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined} defaultValues={{ use_document_mask: false }}>
      <TextInput source="name" validate={validateName} fullWidth />
      <TextInput
        source="code"
        validate={validateCode}
        parse={(value: string) => value.toUpperCase()}
        helperText="resources.countries.helper.code"
      />
      {/* spec 1 §5.2: the mask is applied only when the country's configuration enables it */}
      <BooleanInput source="use_document_mask" helperText="resources.countries.helper.use_document_mask" />
    </EditorForm>
  );
}
