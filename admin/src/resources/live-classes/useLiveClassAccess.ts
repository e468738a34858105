import { usePermissions } from 'react-admin';
import { hasPermission } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export interface LiveClassAccess {
  /** live_classes_manage (spec 1 §6.2): save, duplicate, delete, set Finished, bulk subscribers */
  canManage: boolean;
  /** live_class_set_score (spec 1 §6.2): the score field is editable only with it */
  canSetScore: boolean;
  isPending: boolean;
}

/** The user's live class permissions in the selected client (the session user; superusers hold all). */
export function useLiveClassAccess(): LiveClassAccess {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  return {
    canManage: !!user && hasPermission(user, 'live_classes_manage'),
    canSetScore: !!user && hasPermission(user, 'live_class_set_score'),
    isPending,
  };
}
