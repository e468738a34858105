import { Create, DeleteButton, Edit, SaveButton, TextInput, Toolbar, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useParams } from 'react-router-dom';
import { LIBRARY_LIMITS } from '@lp/shared/rules';

const validateName = [required(), maxLength(LIBRARY_LIMITS.categoryNameMax)];

function CategoryToolbar({ edit }: { edit: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {edit && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** A library category is its name, unique in the client (spec 3 §3 "library_file_categories"). */
function CategoryForm({ edit }: { edit: boolean }) {
  return (
    <EditorForm toolbar={<CategoryToolbar edit={edit} />}>
      <TextInput source="name" label="resources.library/categories.fields.name" validate={validateName} fullWidth />
    </EditorForm>
  );
}

/** spec 1 §2.3 /admin/library/categories/{id} (title library_categories); an id of 0 is a new category. */
export function LibraryCategoryEdit() {
  const { id } = useParams();
  if (id === '0') return <LibraryCategoryCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <CategoryForm edit />
    </Edit>
  );
}

export function LibraryCategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm edit={false} />
    </Create>
  );
}

export default LibraryCategoryEdit;
