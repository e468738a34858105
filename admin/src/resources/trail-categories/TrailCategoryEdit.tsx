import { Create, DeleteButton, Edit, SaveButton, TextInput, Toolbar, maxLength, required } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useParams } from 'react-router-dom';
import { TRAIL_LIMITS } from '@lp/shared/rules';
import { useTrailAccess } from '../../common/trailAccess/useTrailAccess.ts';

const validateName = [required(), maxLength(TRAIL_LIMITS.categoryNameMax)];

function CategoryToolbar({ edit, canManage }: { edit: boolean; canManage: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton disabled={!canManage} />
      {edit && canManage && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** A trail category is its name, unique in the client (spec 2 §2.4); without trails_manage it is read-only. */
function CategoryForm({ edit }: { edit: boolean }) {
  const { canManage } = useTrailAccess();
  return (
    <EditorForm toolbar={<CategoryToolbar edit={edit} canManage={canManage} />}>
      <TextInput source="name" label="resources.trail/categories.fields.name" validate={validateName} disabled={!canManage} fullWidth />
    </EditorForm>
  );
}

/** spec 2 §2.2: an id of 0 means a new category. */
export function TrailCategoryEdit() {
  const { id } = useParams();
  if (id === '0') return <TrailCategoryCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <CategoryForm edit />
    </Edit>
  );
}

export function TrailCategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm edit={false} />
    </Create>
  );
}

export default TrailCategoryEdit;
