import { usePermissions } from 'react-admin';
import { hasPermission } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

/** spec 3 §6: podcasts opens the screens; podcasts_manage creates and edits (without it controls are disabled). */
export function usePodcastAccess(): { canManage: boolean; isPending: boolean } {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  return { canManage: !!user && hasPermission(user, 'podcasts_manage'), isPending };
}
