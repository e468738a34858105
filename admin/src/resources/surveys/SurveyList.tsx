import { FunctionField, NumberField, SearchInput, SelectInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import type { SurveyListItem } from '@lp/shared/contract';
import { SURVEY_STATUS, formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { ResourceList } from '../../common/ResourceList.tsx';

const F = 'resources.surveys.fields';

export const surveyStatusChoices = [
  { id: SURVEY_STATUS.published, name: 'resources.surveys.status.published' },
  { id: SURVEY_STATUS.unpublished, name: 'resources.surveys.status.unpublished' },
];

function DayField({ source }: { source: 'start_date' | 'end_date'; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return <FunctionField<SurveyListItem> source={source} render={(s) => (s[source] ? formatDate(s[source], languageId) : '')} />;
}

/** spec 3 §2 survey list (spec 1 §2.3 surveys): search, status filter, questions and answers counted. */
export function SurveyList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${F}.status`} choices={surveyStatusChoices} alwaysOn />,
  ];
  return (
    <ResourceList filters={filters} sortField="start_date" sortOrder="DESC" omit={['id']}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<SurveyListItem> source="survey_type" label={`${F}.survey_type`} sortable={false}
        render={(s) => translate(`resources.surveys.types.${s.survey_type}`)} />
      <DayField source="start_date" label={`${F}.start_date`} />
      <DayField source="end_date" label={`${F}.end_date`} />
      <FunctionField<SurveyListItem> source="status" label={`${F}.status`}
        render={(s) => translate(`resources.surveys.status.${s.status === SURVEY_STATUS.published ? 'published' : 'unpublished'}`)} />
      <NumberField source="qty_questions" label={`${F}.qty_questions`} sortable={false} />
      <NumberField source="qty_answers" label={`${F}.qty_answers`} sortable={false} />
    </ResourceList>
  );
}

export default SurveyList;
