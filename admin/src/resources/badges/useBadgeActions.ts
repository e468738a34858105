import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import { BADGE_PATHS } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

/** The badge screens' own calls (spec 3 §2 badges): awarding by hand and restoring the default badges. */
export function useBadgeActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** POST …/{id}/awards/ {user_ids} → how many were newly awarded */
    award: (badgeId: Identifier, userIds: number[]) =>
      http.json<{ awarded: number }>(BADGE_PATHS.awards(String(badgeId)), 'POST', { user_ids: userIds }),
    /** POST …/restore_defaults/ → how many default badges came back */
    restoreDefaults: () => http.json<{ created: number }>(BADGE_PATHS.restoreDefaults, 'POST'),
  }), [http]);
}
