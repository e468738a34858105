import { createContext, useContext, type ReactNode } from 'react';
import { apiClient } from '../../apiClient.ts';
import { createContractHttp, type ContractHttp } from './contractHttp.ts';

/** The app's one ContractHttp, over the one API client (its refresh lock is shared by every call). */
export const contractHttp: ContractHttp = createContractHttp(apiClient);

const ContractHttpContext = createContext<ContractHttp>(contractHttp);

/** Another ContractHttp for the screens below (a test's fake network). */
export function ContractHttpProvider({ value, children }: { value: ContractHttp; children: ReactNode }) {
  return <ContractHttpContext.Provider value={value}>{children}</ContractHttpContext.Provider>;
}

/** The contract calls of the screens' own verbs (the ones that are not a react-admin resource's). */
export const useContractHttp = (): ContractHttp => useContext(ContractHttpContext);
