import { Create, Edit, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, DRILL_PATHS, type Drill } from '@lp/shared/contract';
import { ChoiceQuestionsTab } from '../../common/choiceQuestions/ChoiceQuestionsTab.tsx';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { DrillForm } from './DrillForm.tsx';
import { DrillResultsTab } from './DrillResultsTab.tsx';
import { NEW_DRILL, drillPayload } from './drillPayload.ts';

const RESOURCE = ADMIN_RESOURCES.drills.name;
const TABS = ['data', 'questions', 'results'] as const;
const transform = (data: Record<string, unknown>) => drillPayload(data);

/** spec 3 §2 drill editor at /drills/{id}: the drill, its questions and its results. */
export function DrillEdit() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  const { data } = useGetOne<Drill>(RESOURCE, { id });
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels="resources.drills.tabs"
      title={<Title title={`${translate('resources.drills.name', { smart_count: 1 })}: ${data?.title ?? ''}`} />}>
      {current === 'questions'
        ? <ChoiceQuestionsTab resource={RESOURCE} ownerId={id} paths={DRILL_PATHS} mandatory={false} />
        : current === 'results'
          ? <DrillResultsTab drillId={id} />
          : (
            <Edit id={id} resource={RESOURCE} title={false} mutationMode="pessimistic" redirect={false} transform={transform}>
              <DrillForm edit />
            </Edit>
          )}
    </TabbedEditor>
  );
}

/** /drills/create: the drill's own fields; once saved, the editor opens on its questions. */
export function DrillCreate() {
  return (
    <Create resource={RESOURCE} record={NEW_DRILL} redirect={(_resource, id) => `${RESOURCE}/${id}/questions`} transform={transform}>
      <DrillForm />
    </Create>
  );
}

export default DrillEdit;
