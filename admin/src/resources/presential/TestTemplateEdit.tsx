import { Create, Edit, NumberInput, TextInput, Title, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADMIN_RESOURCES, PRESENTIAL_TEST_TEMPLATE_PATHS, type PresentialTestTemplate, type PresentialTestTemplateInput } from '@lp/shared/contract';
import { ChoiceQuestionsTab } from '../../common/choiceQuestions/ChoiceQuestionsTab.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm, TabbedEditor, useEditorTab } from '../../common/editor/index.ts';

const RESOURCE = ADMIN_RESOURCES.presential_test_templates.name;
const K = 'resources.presential/test-templates';
const TABS = ['data', 'questions'] as const;
/** the questions' nested parent: no slash (nested names split on it) */
const QUESTIONS_PARENT = 'presential-test-templates';

/** The form's values as the contract's body: a blank minimum score is none. */
export function testTemplatePayload(values: Record<string, unknown>): PresentialTestTemplateInput {
  const score = values.minimum_score;
  return { title: String(values.title ?? '').trim(), minimum_score: score === '' || score === null || score === undefined ? null : Number(score) };
}

function validate(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!String(values.title ?? '').trim()) errors.title = 'errors.make_sure_that_all_fields_are_filled_in';
  const score = values.minimum_score;
  if (score !== '' && score !== null && score !== undefined && !(Number(score) >= 0 && Number(score) <= 100)) errors.minimum_score = 'errors.validation_error';
  return errors;
}

function TestTemplateForm({ edit = false }: { edit?: boolean }) {
  return (
    <EditorForm validate={validate} toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="title" label={`${K}.fields.title`} isRequired fullWidth inputProps={{ maxLength: 256 }} />
      <NumberInput source="minimum_score" label={`${K}.fields.minimum_score`} min={0} max={100} step={1} helperText={`${K}.help.minimum_score`} />
    </EditorForm>
  );
}

/**
 * A face-to-face test template at /presential/test-templates/{id}/{tab} (spec 1 §6.2
 * presential_test_templates): its data and its questions with alternatives (the shared choice
 * questions). An event's Tests tab makes a test of its own from it.
 */
export function TestTemplateEdit() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  const { data } = useGetOne<PresentialTestTemplate>(RESOURCE, { id });
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels={`${K}.tabs`}
      title={<Title title={`${translate(`${K}.name`, { smart_count: 1 })}: ${data?.title ?? ''}`} />}>
      {current === 'questions'
        ? <ChoiceQuestionsTab resource={QUESTIONS_PARENT} ownerId={id} paths={PRESENTIAL_TEST_TEMPLATE_PATHS} mandatory={false} />
        : (
          <Edit id={id} resource={RESOURCE} title={false} mutationMode="pessimistic" redirect={false} transform={testTemplatePayload}>
            <TestTemplateForm edit />
          </Edit>
        )}
    </TabbedEditor>
  );
}

export function TestTemplateCreate() {
  return (
    <Create resource={RESOURCE} record={{ title: '', minimum_score: null }} redirect={(_resource, id) => `${RESOURCE}/${id}/questions`} transform={testTemplatePayload}>
      <TestTemplateForm />
    </Create>
  );
}

export default TestTemplateEdit;
