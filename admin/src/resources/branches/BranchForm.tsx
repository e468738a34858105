import { Box } from '@mui/material';
import { AutocompleteInput, ReferenceInput, SelectInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { AddressInputs } from '../../common/AddressInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(150)];
const validateStoreName = [maxLength(150)];
const validateCode = [maxLength(50)];

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };

/** spec 1 §3.6 store: the fields the contract's BranchInput carries. */
export function BranchForm({ edit = false }: { edit?: boolean }) {
  return (
    <SimpleForm toolbar={edit ? <EditToolbar /> : undefined}>
      <Box sx={row}>
        <TextInput source="name" validate={validateName} />
        <TextInput source="store_name" validate={validateStoreName} />
        <TextInput source="code" validate={validateCode} />
        <TextInput source="store_document" validate={validateCode} />
        <ReferenceInput source="headquarter_id" reference="lookup_headquarters" perPage={1000}>
          <AutocompleteInput optionText="name" label="resources.organization-branches.fields.headquarter_id" />
        </ReferenceInput>
        <ReferenceInput source="regional_id" reference="lookup_regionals" perPage={1000}>
          <SelectInput optionText="name" label="resources.organization-branches.fields.regional_id" />
        </ReferenceInput>
        <ReferenceInput source="branch_type_id" reference="lookup_branch_types" perPage={1000}>
          <SelectInput optionText="name" label="resources.organization-branches.fields.branch_type_id" />
        </ReferenceInput>
        <ReferenceInput source="size_type_id" reference="lookup_branch_size_types" perPage={1000}>
          <SelectInput optionText="name" label="resources.organization-branches.fields.size_type_id" />
        </ReferenceInput>
      </Box>
      <AddressInputs />
    </SimpleForm>
  );
}
