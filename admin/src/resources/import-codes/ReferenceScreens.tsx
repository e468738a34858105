import { TextField, TextInput, maxLength, regex, required } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { IMPORT_CODE_MAX, IMPORT_CODE_PATTERN } from '@lp/shared/rules';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { NAMED_SHAPE, referenceScreens, type ReferenceShape } from '../../common/referenceList/index.ts';

const R = ADMIN_RESOURCES.import_codes.name;

/**
 * spec 1 §2.3 `import-code` (superuser only): the selected client's import codes in the common
 * reference screens — the code (unique across every client: `import_code_not_unique` lands on the
 * field) and a description of what it is for.
 */
const SHAPES: Record<string, ReferenceShape> = {
  [R]: {
    columns: (F) => [
      <TextField key="code" source="code" label={`${F}.code`} />,
      <TextField key="description" source="description" label={`${F}.description`} sortable={false} />,
      <CreatedAtField key="created_at" source="created_at" label={`${F}.created_at`} />,
    ],
    inputs: (F) => [
      <TextInput key="code" source="code" label={`${F}.code`} helperText={`resources.${R}.help.code`}
        validate={[required(), maxLength(IMPORT_CODE_MAX), regex(IMPORT_CODE_PATTERN, 'errors.invalid_import_code')]} />,
      <TextInput key="description" source="description" label={`${F}.description`} validate={maxLength(256)} fullWidth />,
    ],
    body: ['code', 'description'],
    sortField: 'code',
  },
};

export const screens = referenceScreens(SHAPES, NAMED_SHAPE);
