import { Create } from 'react-admin';
import { TagForm } from './TagForm.tsx';

export function TagCreate() {
  return (
    <Create redirect="list">
      <TagForm />
    </Create>
  );
}

export default TagCreate;
