import useSWR from 'swr';
import type { SessionUser } from '@lp/shared/contract';
import { getSession, storeUser } from '../lib/session.ts';

export const SESSION_USER_KEY = '/users/session/';

/** GET /api/users/session/ — the logged-in user (spec 1 §3.1), starting from the stored copy. */
export function useSessionUser() {
  return useSWR<SessionUser>(SESSION_USER_KEY, {
    fallbackData: getSession().user ?? undefined,
    onSuccess: storeUser,
  });
}
