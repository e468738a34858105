import {
  ArrayField, BooleanField, ChipField, CreateButton, FunctionField, List, NumberField, SearchInput,
  SelectColumnsButton, SelectInput, SingleFieldList, TextField, TopToolbar,
} from 'react-admin';
import { COURSES_REPORT_PATH, type TrainingListItem } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { TrainingStatusField } from './TrainingStatusField.tsx';
import { useTrainingAccess } from './useTrainingAccess.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const statusChoices = [
  { id: 1, name: 'common.content_status.published' },
  { id: 2, name: 'common.content_status.unpublished' },
];

/** spec 1 §2.3: search and filters kept per list (react-admin's store). */
const trainingFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label="resources.trainings.fields.status" choices={statusChoices} alwaysOn />,
];

/** The list's filters as the trainings report's body (CoursesReportRequest). */
export const coursesReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status'] });

/** Columns, create (trainings_manage) and the trainings report (spec 1 §3.1 key courses). */
function TrainingListActions() {
  const { canManage } = useTrainingAccess();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
      <ReportButton report="courses" path={COURSES_REPORT_PATH} toBody={coursesReportBody} />
    </TopToolbar>
  );
}

/** spec 2 §2.2 admin_trainings: configurable columns (kept per list), newest first. */
export function TrainingList() {
  return (
    <List
      filters={trainingFilters}
      actions={<TrainingListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['owners_list', 'updated_at']}>
        <TextField source="id" label="resources.trainings.fields.id" />
        <TextField source="title" label="resources.trainings.fields.title" />
        <ArrayField source="tags" label="resources.trainings.fields.tags" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ArrayField>
        <NumberField source="qty_modules" label="resources.trainings.fields.qty_modules" sortable={false} />
        <NumberField source="qty_tests" label="resources.trainings.fields.qty_tests" sortable={false} />
        <BooleanField source="is_open" label="resources.trainings.fields.is_open" sortable={false} />
        <TrainingStatusField source="status" label="resources.trainings.fields.status" />
        <FunctionField<TrainingListItem>
          source="owners_list"
          label="resources.trainings.fields.owners"
          sortable={false}
          render={(r) => r.owners_list.map((o) => o.full_name).join(', ')}
        />
        <CreatedAtField source="created_at" label="resources.trainings.fields.created_at" />
        <CreatedAtField source="updated_at" label="resources.trainings.fields.updated_at" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default TrainingList;
