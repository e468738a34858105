import { Edit } from 'react-admin';
import { TagForm } from './TagForm.tsx';

export function TagEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <TagForm edit />
    </Edit>
  );
}

export default TagEdit;
