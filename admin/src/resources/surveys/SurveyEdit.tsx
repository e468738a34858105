import { Create, Edit, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, type Survey } from '@lp/shared/contract';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { SurveyAnswersTab } from './SurveyAnswersTab.tsx';
import { SurveyForm } from './SurveyForm.tsx';
import { SurveyQuestionsTab } from './SurveyQuestionsTab.tsx';
import { NEW_SURVEY, surveyPayload } from './surveyPayload.ts';

const RESOURCE = ADMIN_RESOURCES.surveys.name;
const TABS = ['data', 'questions', 'answers'] as const;
const transform = (data: Record<string, unknown>) => surveyPayload(data);

/** spec 3 §2 survey editor at /surveys/{id}: the survey, its questions, and the view of user answers. */
export function SurveyEdit() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  const { data } = useGetOne<Survey>(RESOURCE, { id });
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels="resources.surveys.tabs"
      title={<Title title={`${translate('resources.surveys.name', { smart_count: 1 })}: ${data?.title ?? ''}`} />}>
      {current === 'questions'
        ? <SurveyQuestionsTab surveyId={id} />
        : current === 'answers'
          ? <SurveyAnswersTab surveyId={id} />
          : (
            <Edit id={id} resource={RESOURCE} title={false} mutationMode="pessimistic" redirect={false} transform={transform}>
              <SurveyForm edit />
            </Edit>
          )}
    </TabbedEditor>
  );
}

/** /surveys/create: the survey's own fields; once saved, the editor opens on its questions. */
export function SurveyCreate() {
  return (
    <Create resource={RESOURCE} record={NEW_SURVEY} redirect={(_resource, id) => `${RESOURCE}/${id}/questions`} transform={transform}>
      <SurveyForm />
    </Create>
  );
}

export default SurveyEdit;
