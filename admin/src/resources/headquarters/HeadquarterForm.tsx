import { Box } from '@mui/material';
import { NumberInput, SelectInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { COMPANY_TYPES, codeLabelKey, validateHeadquarterDetails, type HeadquarterDetailsLike } from '@lp/shared/rules';
import { EditorForm } from '../../common/editor/index.ts';
import { AddressInputs } from '../../common/AddressInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';

const validateName = [required(), maxLength(150)];
const validateOptional = [maxLength(150)];
// spec 1 §5.3: unique per client; the server answers company_document_not_unique
const validateDocument = [required(), maxLength(50)];

/** The shared §3.5 rule of one field (the server runs the same), its code as its translation. */
const detailRule = (field: keyof HeadquarterDetailsLike) => (_value: unknown, values: Record<string, unknown>) => {
  const code = validateHeadquarterDetails(values as HeadquarterDetailsLike)[field];
  return code ? `errors.${code}` : undefined;
};
const validateQuantity = [detailRule('quantity_of_branches')];

/** spec 1 §3.5 company type (lookups company_types) and the quantity of branches the company declares. */
function CompanyInputs() {
  const translate = useTranslate();
  const choices = COMPANY_TYPES.map((id) => ({ id, name: translate(codeLabelKey('company_types', id)) }));
  return (
    <>
      <SelectInput source="company_type" choices={choices} emptyText="" />
      <NumberInput source="quantity_of_branches" min={0} step={1} validate={validateQuantity} />
    </>
  );
}

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' };

export function HeadquarterForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm toolbar={edit ? <EditToolbar /> : undefined}>
      <Box sx={row}>
        <TextInput source="name" validate={validateName} />
        <TextInput source="company_document" validate={validateDocument} />
        <TextInput source="company_name" validate={validateOptional} />
        <TextInput source="fantasy_name" validate={validateOptional} />
        <CompanyInputs />
      </Box>
      <AddressInputs />
    </EditorForm>
  );
}
