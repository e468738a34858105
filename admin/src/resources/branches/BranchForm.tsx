import { Box } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { validateBranchDetails, type BranchDetailsLike } from '@lp/shared/rules';
import type { Branch } from '@lp/shared/contract';
import { AddressInputs } from '../../common/AddressInputs.tsx';
import { PersonInput } from '../../common/ownersInput/PersonInput.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(150)];
const validateStoreName = [maxLength(150)];
const validateCode = [maxLength(50)];

const validate50 = [maxLength(50)];
const validate100 = [maxLength(100)];
const validateLatitude = [minValue(-90), maxValue(90)];
const validateLongitude = [minValue(-180), maxValue(180)];

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };
const three = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' };

/** The shared §3.6 rule of one field (the server runs the same), its code as its translation. */
const detailRule = (field: keyof BranchDetailsLike) => (_value: unknown, values: Record<string, unknown>) => {
  const code = validateBranchDetails(values as BranchDetailsLike)[field];
  return code ? `errors.${code}` : undefined;
};
const validateAreaEmail = [maxLength(254), detailRule('area_email')];
const validateClosedDate = [detailRule('closed_date')];

/** spec 1 §3.6 managers (general, regional): people of the client, searched by name or e-mail. */
function ManagerInputs() {
  const record = useRecordContext<Branch>();
  return (
    <Box sx={row}>
      <PersonInput source="general_manager_id" label="resources.organization-branches.fields.general_manager_id"
        initial={record?.general_manager} helperText="resources.organization-branches.managers_help" />
      <PersonInput source="regional_manager_id" label="resources.organization-branches.fields.regional_manager_id"
        initial={record?.regional_manager} helperText="resources.organization-branches.managers_help" />
    </Box>
  );
}

/** spec 1 §3.6 details: documents, the network's divisions, dates and the map position. */
function BranchDetailsInputs() {
  const translate = useTranslate();
  return (
    <>
      <Box component="h3" sx={{ typography: 'subtitle1', mt: 1, mb: 1 }}>{translate('admin.form.details', { _: 'Detalhes' })}</Box>
      <ManagerInputs />
      <Box sx={three}>
        <TextInput source="store_code" validate={validate50} />
        <TextInput source="organization_type" validate={validate100} />
        <TextInput source="operational_area" validate={validate100} />
        <TextInput source="company_document" validate={validate50} />
        <TextInput source="register" validate={validate50} />
        <TextInput source="cd_matriz" validate={validate50} />
        <TextInput source="economic_group" validate={validate100} />
        <TextInput source="division" validate={validate100} />
        <TextInput source="district" validate={validate100} />
        <TextInput source="region" validate={validate100} />
        {/* no type="email": the browser's own check would block the submit before ours, untranslated */}
        <TextInput source="area_email" validate={validateAreaEmail} />
        <BooleanInput source="retailer" />
        <DateInput source="opened_date" />
        <DateInput source="closed_date" validate={validateClosedDate} />
        <Box />
        <NumberInput source="latitude" validate={validateLatitude} step={0.000001} />
        <NumberInput source="longitude" validate={validateLongitude} step={0.000001} />
      </Box>
    </>
  );
}

/** spec 1 §3.6 store: the fields the contract's BranchInput carries. */
export function BranchForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
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
      <BranchDetailsInputs />
      <AddressInputs />
    </EditorForm>
  );
}
