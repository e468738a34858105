import { Box } from '@mui/material';
import { TextInput, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { AddressInputs } from '../../common/AddressInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(150)];
const validateOptional = [maxLength(150)];
// spec 1 §5.3: unique per client; the server answers company_document_not_unique
const validateDocument = [required(), maxLength(50)];

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };

export function HeadquarterForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
      <Box sx={row}>
        <TextInput source="name" validate={validateName} />
        <TextInput source="company_document" validate={validateDocument} />
        <TextInput source="company_name" validate={validateOptional} />
        <TextInput source="fantasy_name" validate={validateOptional} />
      </Box>
      <AddressInputs />
    </EditorForm>
  );
}
