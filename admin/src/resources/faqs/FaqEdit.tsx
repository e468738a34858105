import { useParams } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { BooleanInput, Create, Edit, NumberInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { FAQ_LIMITS } from '@lp/shared/rules';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';
import { NEW_FAQ_QUESTION, faqQuestionBody, validateFaqForm } from './faqPayload.ts';

const F = 'resources.faqs.fields';
const statusChoices = [
  { id: 1, name: 'resources.faqs.status.published' },
  { id: 2, name: 'resources.faqs.status.unpublished' },
];

function QuestionInput() {
  const translate = useTranslate();
  const value = useWatch({ name: 'question' }) as unknown;
  const count = typeof value === 'string' ? Array.from(value).length : 0;
  return (
    <TextInput
      source="question"
      label={`${F}.question`}
      isRequired
      multiline
      fullWidth
      helperText={translate('common.alt_texts.counter', { count, max: FAQ_LIMITS.questionMax })}
    />
  );
}

/** spec 3 §3: category, question, answer (rich text, sanitised by the server), public flag, order and status. */
function FaqForm({ edit }: { edit: boolean }) {
  return (
    <EditorForm validate={validateFaqForm} toolbar={edit ? <EditToolbar /> : undefined} defaultValues={NEW_FAQ_QUESTION}>
      <ReferenceInput source="category" reference={ADMIN_RESOURCES.faq_categories.name} perPage={500} sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput label={`${F}.category`} optionText="name" fullWidth isRequired />
      </ReferenceInput>
      <QuestionInput />
      <RichTextInput source="answer" label={`${F}.answer`} maxPlainLength={FAQ_LIMITS.answerMax} required />
      {/* spec 3 §6: a public question is shown on the login page, without login */}
      <BooleanInput source="is_public" label={`${F}.is_public`} helperText="resources.faqs.help.is_public" />
      <NumberInput source="order" label={`${F}.order`} min={FAQ_LIMITS.orderMin} step={1} helperText="resources.faqs.help.order" />
      <SelectInput source="status" label={`${F}.status`} choices={statusChoices} />
    </EditorForm>
  );
}

/** spec 3 §2 /admin/faqs/{id}; 0 means a new question. */
export function FaqEdit() {
  const { id } = useParams();
  if (id === '0') return <FaqCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={faqQuestionBody}>
      <FaqForm edit />
    </Edit>
  );
}

/** A new question (a received one may arrive as the location's record, its text already in). */
export function FaqCreate() {
  return (
    <Create redirect="list" transform={faqQuestionBody}>
      <FaqForm edit={false} />
    </Create>
  );
}

export default FaqEdit;
