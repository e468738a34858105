import { Create, Edit } from 'react-admin';
import { useParams } from 'react-router-dom';
import { LibraryForm } from './LibraryForm.tsx';
import { NEW_LIBRARY_FILE, libraryPayload, type LibraryFormValues } from './libraryPayload.ts';

/** The read-only fields (views, downloads, URLs…) stay out of the JSON body. */
const transform = (values: LibraryFormValues) => libraryPayload(values);

/** spec 1 §2.3 /admin/libraries/{id} (title library); an id of 0 is a new file. */
export function LibraryEdit() {
  const { id } = useParams();
  if (id === '0') return <LibraryCreate />;
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={transform}>
      <LibraryForm edit />
    </Edit>
  );
}

export function LibraryCreate() {
  return (
    <Create redirect="list" record={NEW_LIBRARY_FILE} transform={transform}>
      <LibraryForm edit={false} />
    </Create>
  );
}

export default LibraryEdit;
