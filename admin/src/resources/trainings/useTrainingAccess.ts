import { usePermissions } from 'react-admin';
import { hasPermission, trainingFlags, type TrainingClientFlags, sectionHeading } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';

export interface TrainingAccess {
  flags: TrainingClientFlags;
  /** trainings_manage (spec 2 §6): edit, save, publish; without it controls are disabled */
  canManage: boolean;
  /** trainings_set_score (spec 2 §6) */
  canSetScore: boolean;
  /** the client's training heading (spec 2 §2.3 page title), when it has one of its own */
  heading: string | null;
  isPending: boolean;
}

/** The selected client's training flags and the user's training permissions, from the session user. */
export function useTrainingAccess(): TrainingAccess {
  const { permissions: user, isPending } = usePermissions<SessionUser | null>();
  const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected) ?? user?.user_clients[0];
  const settings = client?.settings as unknown as Record<string, unknown> | undefined;
  return {
    flags: trainingFlags(settings),
    canManage: !!user && hasPermission(user, 'trainings_manage'),
    canSetScore: !!user && hasPermission(user, 'trainings_set_score'),
    heading: sectionHeading(user, 'trainings'),
    isPending,
  };
}
