import {
  ArrayField, BooleanField, ChipField, CreateButton, FunctionField, List, NumberField, SearchInput,
  SelectColumnsButton, SelectInput, SingleFieldList, TextField, TopToolbar, useLocaleState,
} from 'react-admin';
import { WEBCASTS_REPORT_PATH, WEBCAST_PATHS, type WebcastListItem, type WebcastTypeOption } from '@lp/shared/contract';
import { formatDateTime, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { useReferenceList } from '../../common/http/index.ts';
import { WebcastStatusField } from './WebcastStatusChip.tsx';
import { useWebcastAccess } from './useWebcastAccess.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const statusChoices = [
  { id: 1, name: 'resources.webcasts.status.published' },
  { id: 2, name: 'resources.webcasts.status.unpublished' },
  { id: 4, name: 'resources.webcasts.status.finished' },
  { id: 5, name: 'resources.webcasts.status.converting' },
];

export function useWebcastTypes(): WebcastTypeOption[] {
  return useReferenceList<WebcastTypeOption>(WEBCAST_PATHS.types).data ?? [];
}

const webcastsReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status', 'webcast_type'] });

/** Columns, create (webcasts_manage) and the webcasts report (spec 1 §3.1 key webcasts). */
function WebcastListActions() {
  const { canManage } = useWebcastAccess();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
      <ReportButton report="webcasts" path={WEBCASTS_REPORT_PATH} toBody={webcastsReportBody} />
    </TopToolbar>
  );
}

/** spec 2 §2.2 admin_webcasts: configurable columns and filters, both kept per list; latest transmission first. */
export function WebcastList() {
  const types = useWebcastTypes();
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  // spec 1 §2.3: search and filters kept per list (react-admin's store)
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="resources.webcasts.fields.status" choices={statusChoices} alwaysOn />,
    <SelectInput
      key="webcast_type"
      source="webcast_type"
      label="resources.webcasts.fields.webcast_type"
      choices={types.map((t) => ({ id: t.id, name: t.label }))}
      translateChoice={false}
    />,
  ];
  return (
    <List
      filters={filters}
      actions={<WebcastListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'transmission_date', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['use_chat', 'created_at', 'updated_at']}>
        <TextField source="id" label="resources.webcasts.fields.id" />
        <TextField source="title" label="resources.webcasts.fields.title" />
        <FunctionField<WebcastListItem>
          source="webcast_type"
          label="resources.webcasts.fields.webcast_type"
          render={(r) => types.find((t) => t.id === r.webcast_type)?.label ?? String(r.webcast_type)}
        />
        <FunctionField<WebcastListItem>
          source="transmission_date"
          label="resources.webcasts.fields.transmission_date"
          render={(r) => `${formatDateTime(r.transmission_date, languageId, r.timezone)} (${r.timezone})`}
        />
        <ArrayField source="tags" label="resources.webcasts.fields.tags" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ArrayField>
        <NumberField source="qty_subscribers" label="resources.webcasts.fields.qty_subscribers" sortable={false} />
        <BooleanField source="use_chat" label="resources.webcasts.fields.use_chat" sortable={false} />
        <WebcastStatusField source="status" label="resources.webcasts.fields.status" />
        <CreatedAtField source="created_at" label="resources.webcasts.fields.created_at" />
        <CreatedAtField source="updated_at" label="resources.webcasts.fields.updated_at" />
      </ResponsiveDatagrid>
    </List>
  );
}

export default WebcastList;
