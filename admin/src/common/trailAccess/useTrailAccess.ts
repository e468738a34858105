import { usePermissions } from 'react-admin';
import { hasPermission, trainingFlags } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export interface TrailAccess {
  /** trails_manage (spec 2 §6): edit, save, modules, publish, duplicate, sync; without it controls are disabled */
  canManage: boolean;
  /** trails_set_score (spec 2 §6) */
  canSetScore: boolean;
  /** the client uses training subscription: mandatory areas and profiles (the training audience rule) */
  useSubscription: boolean;
  isPending: boolean;
}

/** The user's trail permissions and the selected client's subscription flag, from the session user. */
export function useTrailAccess(): TrailAccess {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user?.user_clients[0];
  const settings = client?.settings as unknown as Record<string, unknown> | undefined;
  return {
    canManage: !!user && hasPermission(user, 'trails_manage'),
    canSetScore: !!user && hasPermission(user, 'trails_set_score'),
    useSubscription: trainingFlags(settings).use_training_subscription,
    isPending,
  };
}
