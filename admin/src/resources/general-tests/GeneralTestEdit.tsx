import { Create, Edit, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, GENERAL_TEST_PATHS, type GeneralTest } from '@lp/shared/contract';
import { ChoiceQuestionsTab } from '../../common/choiceQuestions/ChoiceQuestionsTab.tsx';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { GeneralTestForm } from './GeneralTestForm.tsx';
import { GeneralTestResultsTab } from './GeneralTestResultsTab.tsx';
import { NEW_GENERAL_TEST, generalTestPayload } from './generalTestPayload.ts';

const RESOURCE = ADMIN_RESOURCES.general_tests.name;
const TABS = ['data', 'questions', 'results'] as const;
const transform = (data: Record<string, unknown>) => generalTestPayload(data);

/** spec 3 §2 general test editor at /general-tests/{id}: the test, its question bank and its results; read-only once it has results. */
export function GeneralTestEdit() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  const { data } = useGetOne<GeneralTest>(RESOURCE, { id });
  const locked = data?.has_results === true;
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels="resources.general-tests.tabs"
      title={<Title title={`${translate('resources.general-tests.name', { smart_count: 1 })}: ${data?.title ?? ''}`} />}>
      {current === 'questions'
        ? <ChoiceQuestionsTab resource={RESOURCE} ownerId={id} paths={GENERAL_TEST_PATHS} mandatory locked={locked} />
        : current === 'results'
          ? <GeneralTestResultsTab testId={id} />
          : (
            <Edit id={id} resource={RESOURCE} title={false} mutationMode="pessimistic" redirect={false} transform={transform}>
              <GeneralTestForm edit locked={locked} />
            </Edit>
          )}
    </TabbedEditor>
  );
}

export function GeneralTestCreate() {
  return (
    <Create resource={RESOURCE} record={NEW_GENERAL_TEST} redirect={(_resource, id) => `${RESOURCE}/${id}/questions`} transform={transform}>
      <GeneralTestForm />
    </Create>
  );
}

export default GeneralTestEdit;
