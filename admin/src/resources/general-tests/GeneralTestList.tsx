import { FunctionField, NumberField, SearchInput, SelectInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import { GENERAL_TEST_PATHS, type GeneralTestListItem } from '@lp/shared/contract';
import { GENERAL_TEST_STATUS, formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { ResourceList } from '../../common/ResourceList.tsx';

const F = 'resources.general-tests.fields';

export const generalTestStatusChoices = [
  { id: GENERAL_TEST_STATUS.published, name: 'resources.general-tests.status.published' },
  { id: GENERAL_TEST_STATUS.unpublished, name: 'resources.general-tests.status.unpublished' },
];

/** the list's search and status, as the report takes them */
const generalTestsReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status'] });

function DayField({ source }: { source: 'publish_date' | 'unpublish_date'; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return <FunctionField<GeneralTestListItem> source={source} render={(g) => (g[source] ? formatDate(g[source], languageId) : '')} />;
}

/**
 * spec 3 §2 general test (assessment) list (spec 1 §2.3 general-tests), with the results report of
 * the listed general tests (issue 20 item 4; e-mailed, 5-minute cooldown).
 */
export function GeneralTestList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${F}.status`} choices={generalTestStatusChoices} alwaysOn />,
  ];
  return (
    <ResourceList filters={filters} sortField="publish_date" sortOrder="DESC" omit={['id']}
      actions={<ReportButton report="general_tests" path={GENERAL_TEST_PATHS.report} toBody={generalTestsReportBody} />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<GeneralTestListItem> source="test_type" label={`${F}.test_type`} sortable={false} render={(g) => translate(`resources.general-tests.types.${g.test_type}`)} />
      <DayField source="publish_date" label={`${F}.publish_date`} />
      <DayField source="unpublish_date" label={`${F}.unpublish_date`} />
      <FunctionField<GeneralTestListItem> source="status" label={`${F}.status`}
        render={(g) => translate(`resources.general-tests.status.${g.status === GENERAL_TEST_STATUS.published ? 'published' : 'unpublished'}`)} />
      <NumberField source="qty_questions" label={`${F}.qty_questions`} sortable={false} />
      <NumberField source="qty_results" label={`${F}.qty_results`} sortable={false} />
    </ResourceList>
  );
}

export default GeneralTestList;
