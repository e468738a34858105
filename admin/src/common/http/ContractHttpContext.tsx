import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { apiClient } from '../../apiClient.ts';
import { createContractHttp, type ContractHttp, type FormFields, type HttpMethod } from './contractHttp.ts';

/** The app's one ContractHttp, over the one API client (its refresh lock is shared by every call). */
export const contractHttp: ContractHttp = createContractHttp(apiClient);

const ContractHttpContext = createContext<ContractHttp>(contractHttp);

/** Another ContractHttp for the screens below (a test's fake network). */
export function ContractHttpProvider({ value, children }: { value: ContractHttp; children: ReactNode }) {
  return <ContractHttpContext.Provider value={value}>{children}</ContractHttpContext.Provider>;
}

/**
 * A ContractHttp whose refusals reach the auth provider as the data provider's do: a 401 that the
 * client's refresh could not cure ends the session and goes to login (spec 1 §2.4), whichever
 * screen's verb met it.
 */
export function endingSessionOnRefusal(http: ContractHttp, logoutIfAccessDenied: (error: unknown) => Promise<boolean>): ContractHttp {
  const ending = async <R,>(call: () => Promise<R>): Promise<R> => {
    try {
      return await call();
    } catch (error) {
      await logoutIfAccessDenied(error);
      throw error;
    }
  };
  return {
    fetch: (path, init) => ending(() => http.fetch(path, init)),
    json: <T,>(path: string, method: HttpMethod, body?: unknown) => ending(() => http.json<T>(path, method, body)),
    form: <T,>(path: string, method: 'POST' | 'PUT', fields: FormFields) => ending(() => http.form<T>(path, method, fields)),
    file: (path) => ending(() => http.file(path)),
    adopt: (refreshToken) => ending(() => http.adopt(refreshToken)),
  };
}

/** The contract calls of the screens' own verbs (the ones that are not a react-admin resource's). */
export function useContractHttp(): ContractHttp {
  const http = useContext(ContractHttpContext);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(() => endingSessionOnRefusal(http, logoutIfAccessDenied), [http, logoutIfAccessDenied]);
}
