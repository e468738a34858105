import {
  ArrayField, ChipField, CreateButton, DeleteButton, List, NumberField, ReferenceInput, SearchInput,
  SelectColumnsButton, SelectInput, SingleFieldList, TextField, TopToolbar, useRecordContext, type FieldProps,
} from 'react-admin';
import { ADMIN_RESOURCES, TRAILS_REPORT_PATH } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { useTrailAccess } from '../../common/trailAccess/useTrailAccess.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const F = 'resources.trails.fields';

const statusChoices = [
  { id: 1, name: 'common.content_status.published' },
  { id: 2, name: 'common.content_status.unpublished' },
  { id: 3, name: 'common.content_status.deleted' },
];

/** spec 1 §2.3: search and filters kept per list (react-admin's store keeps them under the resource). */
export const trailFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={statusChoices} alwaysOn />,
  <ReferenceInput key="category" source="category" reference={ADMIN_RESOURCES.trail_categories.name} sort={{ field: 'name', order: 'ASC' }} perPage={500} alwaysOn>
    <SelectInput label={`${F}.category`} optionText="name" />
  </ReferenceInput>,
];

const trailsReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status', 'category'] });

/** Columns, create (trails_manage) and the trails report (spec 1 §3.1 key trails). */
function TrailListActions() {
  const { canManage } = useTrailAccess();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
      <ReportButton report="trails" path={TRAILS_REPORT_PATH} toBody={trailsReportBody} />
    </TopToolbar>
  );
}

/** spec 2 §4.1 status chip of the row. */
function TrailStatusField(_props: FieldProps) {
  const record = useRecordContext<{ status?: number }>();
  return <ContentStatusChip status={record?.status} />;
}

/** Delete (soft, status 3) behind a confirmation, for those who manage trails. */
function TrailRowActions(_props: { label?: string }) {
  const { canManage } = useTrailAccess();
  const record = useRecordContext<{ status?: number }>();
  if (!canManage || record?.status === 3) return null;
  return <DeleteButton mutationMode="pessimistic" />;
}

/** spec 2 §2.2 /admin/trails: configurable columns and filters kept per list (spec 1 §2.3), newest first. */
export function TrailList() {
  return (
    <List
      filters={trailFilters}
      actions={<TrailListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['score', 'availability_date', 'updated_at']}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="title" label={`${F}.title`} />
        <ArrayField source="categories" label={`${F}.trail_categories`} sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ArrayField>
        <NumberField source="training_quantity" label={`${F}.training_quantity`} />
        <NumberField source="order" label={`${F}.order`} />
        <NumberField source="score" label={`${F}.score`} />
        <CreatedAtField source="availability_date" label={`${F}.availability_date`} />
        <CreatedAtField source="date_to_unpublish" label={`${F}.date_to_unpublish`} />
        <TrailStatusField source="status" label={`${F}.status`} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
        <TrailRowActions label="admin.list.actions" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default TrailList;
