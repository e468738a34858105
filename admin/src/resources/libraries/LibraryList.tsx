import {
  BooleanField, CreateButton, FunctionField, List, NumberField, ReferenceInput, SearchInput, SelectColumnsButton,
  SelectInput, TextField, TopToolbar, useTranslate,
} from 'react-admin';
import { Chip } from '@mui/material';
import { ADMIN_RESOURCES, LIBRARIES_REPORT_PATH, type LibraryFile } from '@lp/shared/contract';
import { LIBRARY_FILE_STATUS, formatFileSize } from '@lp/shared/rules';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { LIBRARY_STATUS_CHOICES } from './LibraryForm.tsx';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const F = 'resources.libraries.fields';

/** spec 1 §2.3 / spec 3 §2: admin list filters kept per list (react-admin's store) — search, status, category. */
const libraryFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={LIBRARY_STATUS_CHOICES} alwaysOn />,
  <ReferenceInput key="category" source="category" reference={ADMIN_RESOURCES.library_categories.name} perPage={500} sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput label={`${F}.category`} optionText="name" />
  </ReferenceInput>,
];

function StatusChip({ status }: { status: number }) {
  const translate = useTranslate();
  const active = status === LIBRARY_FILE_STATUS.active;
  return <Chip size="small" color={active ? 'success' : 'default'} label={translate(`resources.libraries.status.${active ? 'active' : 'inactive'}`)} />;
}

const librariesReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status', 'category'] });

/** Columns, create and the library report (spec 1 §3.1 key libraries, spec 3 §9). */
function LibraryListActions() {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <CreateButton />
      <ReportButton report="libraries" path={LIBRARIES_REPORT_PATH} toBody={librariesReportBody} />
    </TopToolbar>
  );
}

/**
 * Issue 7 item 3 /admin/libraries: configurable columns, kept filters, and how many learners
 * viewed and downloaded each file (each counted once).
 */
export function LibraryList() {
  return (
    <List
      filters={libraryFilters}
      actions={<LibraryListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['size', 'updated_at']}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="title" label={`${F}.title`} />
        <TextField source="category_name" label={`${F}.category`} />
        <TextField source="extension" label={`${F}.extension`} />
        <FunctionField<LibraryFile> source="size" label={`${F}.size`} render={(r) => formatFileSize(r.size)} />
        <BooleanField source="allow_download" label={`${F}.allow_download`} sortable={false} />
        <FunctionField<LibraryFile> source="status" label={`${F}.status`} render={(r) => <StatusChip status={r.status} />} />
        <NumberField source="views" label={`${F}.views`} />
        <NumberField source="downloads" label={`${F}.downloads`} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
      </ResponsiveDatagrid>
    </List>
  );
}

export default LibraryList;
