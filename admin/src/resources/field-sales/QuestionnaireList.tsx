import { NumberField, SearchInput, TextField } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { ResourceList } from '../../common/ResourceList.tsx';

const F = `resources.${ADMIN_RESOURCES.field_sales_questionnaires.name}.fields`;

/** spec 1 §2.3 4traders/questions: the questionnaires, with their questions and the tasks using them. */
export function QuestionnaireList() {
  return (
    <ResourceList filters={[<SearchInput key="q" source="q" alwaysOn />]} sortField="title" sortOrder="ASC" omit={['id']}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <NumberField source="questions_count" label={`${F}.questions_count`} sortable={false} />
      <NumberField source="tasks_count" label={`${F}.tasks_count`} sortable={false} />
    </ResourceList>
  );
}

export default QuestionnaireList;
