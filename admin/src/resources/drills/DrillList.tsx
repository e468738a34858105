import { FunctionField, NumberField, SearchInput, SelectInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import { DRILL_PATHS, type DrillListItem } from '@lp/shared/contract';
import { DRILL_STATUS, formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { ResourceList } from '../../common/ResourceList.tsx';

const F = 'resources.drills.fields';

export const drillStatusChoices = [
  { id: DRILL_STATUS.published, name: 'resources.drills.status.published' },
  { id: DRILL_STATUS.unpublished, name: 'resources.drills.status.unpublished' },
];

/** the list's search and status, as the report takes them */
const drillsReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status'] });

function DayField({ source }: { source: 'start_date' | 'end_date'; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return <FunctionField<DrillListItem> source={source} render={(d) => formatDate(d[source], languageId)} />;
}

/**
 * spec 3 §2 drill list (spec 1 §2.3 drills): search, status filter, the date type and the questions
 * counted, and the results report of the listed drills (issue 20 item 4; e-mailed, 5-minute cooldown).
 */
export function DrillList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${F}.status`} choices={drillStatusChoices} alwaysOn />,
  ];
  return (
    <ResourceList filters={filters} sortField="start_date" sortOrder="DESC" omit={['id']}
      actions={<ReportButton report="drills" path={DRILL_PATHS.report} toBody={drillsReportBody} />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<DrillListItem> source="date_type" label={`${F}.date_type`} sortable={false} render={(d) => translate(`resources.drills.date_types.${d.date_type}`)} />
      <DayField source="start_date" label={`${F}.start_date`} />
      <DayField source="end_date" label={`${F}.end_date`} />
      <FunctionField<DrillListItem> source="status" label={`${F}.status`}
        render={(d) => translate(`resources.drills.status.${d.status === DRILL_STATUS.published ? 'published' : 'unpublished'}`)} />
      <NumberField source="qty_questions" label={`${F}.qty_questions`} sortable={false} />
    </ResourceList>
  );
}

export default DrillList;
