import { SelectInput } from 'react-admin';
import { importStatusChoices, importTypeChoices, logTypeChoices, LOGS_KEY } from './importFields.tsx';

/** Imports list filters (the API's `import_type` and `status`). */
export const importFilters = [
  <SelectInput key="import_type" source="import_type" choices={importTypeChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={importStatusChoices} alwaysOn />,
];

/** Logs of one import: filter by log type (spec 1 §3.7). */
export const logFilters = [
  <SelectInput key="log_type" source="log_type" choices={logTypeChoices} label={`${LOGS_KEY}.fields.log_type`} alwaysOn />,
];
