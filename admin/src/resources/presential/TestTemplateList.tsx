import { DateField, NumberField, SearchInput, TextField } from 'react-admin';
import { ResourceList } from '../../common/ResourceList.tsx';

const F = 'resources.presential/test-templates.fields';

/** Face-to-face test templates (spec 1 §6.2 presential_test_templates): tests reusable across appointments. */
export function TestTemplateList() {
  return (
    <ResourceList filters={[<SearchInput key="q" source="q" alwaysOn />]} sortField="title" sortOrder="ASC" omit={['id']}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <NumberField source="minimum_score" label={`${F}.minimum_score`} sortable={false} />
      <NumberField source="qty_questions" label={`${F}.qty_questions`} sortable={false} />
      <DateField source="updated_at" label={`${F}.updated_at`} />
    </ResourceList>
  );
}

export default TestTemplateList;
