import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import { userActionPath, type AdminUser, type LoginAsResponse, type ResetPasswordRequest, type UserPermissions } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../../common/http/index.ts';

/** Status actions of the users screen (spec 1 §4.1). */
export type UserStatusAction = 'block' | 'unblock' | 'approve';
/** spec 1 §4.2: an administrator confirms (anonymises) or rejects a deletion request. */
export type DeletionDecision = 'confirm' | 'reject';

/** The user screen's own calls under …/users/{id}/ (spec 1 §4.1–4.2). */
export function userActionsApi(http: ContractHttp) {
  return {
    /** POST …/users/{id}/{block|unblock|approve}/ → the updated user */
    changeStatus: (userId: Identifier, action: UserStatusAction) =>
      http.json<AdminUser>(userActionPath(String(userId), action), 'POST', {}),
    /** POST …/users/{id}/reset_password/ {mode} */
    resetPassword: async (userId: Identifier, mode: ResetPasswordRequest['mode']) => {
      await http.json(userActionPath(String(userId), 'reset_password'), 'POST', { mode } satisfies ResetPasswordRequest);
    },
    /** POST …/users/{id}/login_as/ → a token pair of that user (administrative view) */
    loginAs: (userId: Identifier) => http.json<LoginAsResponse>(userActionPath(String(userId), 'login_as'), 'POST', {}),
    /** POST …/users/{id}/deletion/{confirm|reject}/ → the updated user */
    decideDeletion: (userId: Identifier, decision: DeletionDecision) =>
      http.json<AdminUser>(userActionPath(String(userId), `deletion/${decision}`), 'POST', {}),
    /** GET …/users/{id}/permissions/?client_id= */
    permissions: (userId: Identifier, clientId: number) =>
      http.json<UserPermissions>(`${userActionPath(String(userId), 'permissions')}?client_id=${clientId}`, 'GET'),
  };
}

export function useUserActions() {
  const http = useContractHttp();
  return useMemo(() => userActionsApi(http), [http]);
}
