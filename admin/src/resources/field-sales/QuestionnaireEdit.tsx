import {
  ArrayInput, BooleanInput, Create, Edit, FormDataConsumer, SelectInput, TextInput, useRecordContext, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, FIELD_QUESTION_TYPES, STEP_TYPES, type Questionnaire } from '@lp/shared/contract';
import { isChoiceType } from '@lp/shared/rules';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { SortableFormIterator } from '../../common/sortableList/index.ts';
import { NEW_QUESTIONNAIRE, questionnaireForm, questionnairePayload, validateQuestionnaireForm, type QuestionnaireFormValues } from './questionnairePayload.ts';

const RESOURCE = ADMIN_RESOURCES.field_sales_questionnaires.name;
const F = `resources.${RESOURCE}.fields`;
const stepChoices = STEP_TYPES.map((id) => ({ id, name: `resources.${RESOURCE}.step_types.${id}` }));
const typeChoices = FIELD_QUESTION_TYPES.map((id) => ({ id, name: `resources.${RESOURCE}.question_types.${id}` }));
const transform = (data: Record<string, unknown>) => questionnairePayload(data as QuestionnaireFormValues);

/**
 * spec 3 §2 "a questions/questionnaire editor with steps": steps of questions, each with its
 * step_type and question_type (docs/api.md "Field-sales tasks"); steps, questions and options are
 * ordered by drag and drop (issue "ordering by drag and drop"; common/sortableList), and Save sends
 * the order on screen: a refused save leaves the saved questionnaire as it was.
 */
function QuestionnaireForm({ edit = false }: { edit?: boolean }) {
  const record = useRecordContext<Questionnaire>();
  const translate = useTranslate();
  const named = (text: unknown, key: string, index: number) => (typeof text === 'string' && text.trim() ? text.trim() : translate(`resources.${RESOURCE}.${key}`, { n: index + 1 }));
  return (
    <EditorForm
      validate={(values) => validateQuestionnaireForm(values as QuestionnaireFormValues)}
      defaultValues={record ? questionnaireForm(record) : NEW_QUESTIONNAIRE}
      toolbar={edit ? <EditToolbar /> : undefined}
    >
      <TextInput source="title" label={`${F}.title`} isRequired fullWidth inputProps={{ maxLength: 256 }} />
      <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={2} />
      <ArrayInput source="steps" label={`${F}.steps`}>
        <SortableFormIterator addLabel={`resources.${RESOURCE}.add_step`} getItemLabel={(v, i) => named(v?.title, 'step_n', i)}>
          <TextInput source="title" label={`${F}.step_title`} isRequired fullWidth />
          <SelectInput source="step_type" label={`${F}.step_type`} choices={stepChoices} defaultValue="questions" />
          <ArrayInput source="questions" label={`${F}.questions`}>
            <SortableFormIterator addLabel={`resources.${RESOURCE}.add_question`} getItemLabel={(v, i) => named(v?.text, 'question_n', i)}>
              <TextInput source="text" label={`${F}.text`} isRequired fullWidth />
              <SelectInput source="question_type" label={`${F}.question_type`} choices={typeChoices} defaultValue="single_choice" />
              <BooleanInput source="required" label={`${F}.required`} />
              <FormDataConsumer>
                {({ scopedFormData }) => (isChoiceType((scopedFormData as { question_type?: 'text' } | undefined)?.question_type ?? 'text') ? (
                  <ArrayInput source="options" label={`${F}.options`}>
                    <SortableFormIterator addLabel={`resources.${RESOURCE}.add_option`} getItemLabel={(v, i) => named(v?.label, 'option_n', i)}>
                      <TextInput source="label" label={`${F}.option`} />
                    </SortableFormIterator>
                  </ArrayInput>
                ) : null)}
              </FormDataConsumer>
            </SortableFormIterator>
          </ArrayInput>
        </SortableFormIterator>
      </ArrayInput>
    </EditorForm>
  );
}

export function QuestionnaireEdit() {
  return (
    <Edit resource={RESOURCE} mutationMode="pessimistic" redirect={false} transform={transform}>
      <QuestionnaireForm edit />
    </Edit>
  );
}

export function QuestionnaireCreate() {
  return (
    <Create resource={RESOURCE} redirect="edit" transform={transform}>
      <QuestionnaireForm />
    </Create>
  );
}

export default QuestionnaireEdit;
