import { lazy } from 'react';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { guarded } from '../../permissions/PermissionGuard.tsx';
import type { ReferenceScreens } from './referenceScreens.tsx';

/**
 * The resource declarations of a module's reference lists, their screens loaded with the first
 * one opened (`load` imports the module's file that calls `referenceScreens`).
 */
export function referenceResources(load: () => Promise<{ screens: ReferenceScreens }>) {
  const list = lazy(async () => ({ default: (await load()).screens.ReferenceList }));
  const edit = lazy(async () => ({ default: (await load()).screens.ReferenceEdit }));
  const create = lazy(async () => ({ default: (await load()).screens.ReferenceCreate }));
  /** One reference resource under its title slug. */
  return (title: string, recordRepresentation: string) => ({
    list: guarded(title, list), edit: guarded(title, edit), create: guarded(title, create), icon: ListAltIcon, recordRepresentation,
  });
}
