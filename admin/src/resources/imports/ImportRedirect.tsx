import { Navigate, useParams } from 'react-router-dom';
import { ADMIN_RESOURCES } from '@lp/shared/contract';

/** The spec's detail path admin-import/{id} (spec 1 §2.3, notification links) → the detail screen. */
export function ImportRedirect() {
  const { id } = useParams();
  return <Navigate to={`/${ADMIN_RESOURCES.imports.name}/${encodeURIComponent(id ?? '')}/show`} replace />;
}

/** Path of the detail route alias, relative to the admin's basename. */
export const IMPORT_DETAIL_ALIAS = 'admin-import/:id';
