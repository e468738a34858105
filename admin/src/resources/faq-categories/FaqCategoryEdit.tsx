import { Create, DeleteButton, Edit, SaveButton, TextInput, Toolbar, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useParams } from 'react-router-dom';
import { FAQ_LIMITS } from '@lp/shared/rules';

const validateName = [required(), maxLength(FAQ_LIMITS.categoryNameMax)];

function CategoryToolbar({ edit }: { edit: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {/* a category with questions answers faq_category_in_use */}
      {edit && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** spec 3 §3: a FAQ category is its name (unique in the client). */
function CategoryForm({ edit }: { edit: boolean }) {
  return (
    <EditorForm toolbar={<CategoryToolbar edit={edit} />}>
      <TextInput source="name" label="resources.faq/categories.fields.name" validate={validateName} fullWidth />
    </EditorForm>
  );
}

/** spec 3 §2: /admin/faq/categories/{id}; an id of 0 means a new category. */
export function FaqCategoryEdit() {
  const { id } = useParams();
  if (id === '0') return <FaqCategoryCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={({ name }: { name: string }) => ({ name })}>
      <CategoryForm edit />
    </Edit>
  );
}

export function FaqCategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm edit={false} />
    </Create>
  );
}

export default FaqCategoryEdit;
