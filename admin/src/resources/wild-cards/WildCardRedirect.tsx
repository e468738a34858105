import { Navigate, useParams } from 'react-router-dom';
import { ADMIN_RESOURCES } from '@lp/shared/contract';

/** The spec's editor path wild_card/{id} (spec 1 §2.3) → the resource's edit screen. */
export function WildCardRedirect() {
  const { id } = useParams();
  return <Navigate to={`/${ADMIN_RESOURCES.wild_cards.name}/${encodeURIComponent(id ?? '')}`} replace />;
}

/** Path of the editor alias, relative to the admin's basename. */
export const WILD_CARD_EDITOR_ALIAS = 'wild_card/:id';
