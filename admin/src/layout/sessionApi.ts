import { useMemo } from 'react';
import type { ProfileBasicData, SessionUser } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../common/http/index.ts';

/** The session calls of the shell (client selector, administrative-view login, settings that change the session). */
export function sessionApi(http: ContractHttp) {
  return {
    /** POST /api/users/session/select_client/ → the session user for that client */
    selectClient: (clientId: number) =>
      http.json<SessionUser>('/users/session/select_client/', 'POST', { client_id: clientId }),
    /** GET /api/users/session/ with the stored tokens */
    sessionUser: () => http.json<SessionUser>('/users/session/', 'GET'),
    /** this browser's session becomes the one of `refreshToken` */
    adoptSession: (refreshToken: string) => http.adopt(refreshToken),
    /** PATCH /api/users/profile/: the language the person is spoken to in (spec 1 §2.2) */
    saveLanguage: (languageId: number) =>
      http.json<ProfileBasicData>('/users/profile/', 'PATCH', { id_user_language_selected: languageId }),
  };
}

export function useSessionApi() {
  const http = useContractHttp();
  return useMemo(() => sessionApi(http), [http]);
}
