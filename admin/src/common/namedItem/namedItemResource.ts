import { lazy, type ComponentType } from 'react';
import { guarded } from '../../permissions/PermissionGuard.tsx';

/** The resource config of a name-only organisation list, guarded by its title slug. */
export function namedItemResource(title: string, icon: ComponentType) {
  return {
    list: guarded(title, lazy(() => import('./NamedItemList.tsx'))),
    edit: guarded(title, lazy(() => import('./NamedItemEdit.tsx'))),
    create: guarded(title, lazy(() => import('./NamedItemCreate.tsx'))),
    icon,
    recordRepresentation: 'name',
  };
}
