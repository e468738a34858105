import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import { importProcessPath, importTemplatePath, type ImportRecord, type ImportType } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../../common/http/index.ts';

/** The imports screen's own calls (spec 1 §3.7). */
export function importActionsApi(http: ContractHttp) {
  return {
    /** POST …/imports/{id}/process/ (202; 409 unless validated) → the import, when the server sends it */
    process: (importId: Identifier) => http.json<ImportRecord | undefined>(importProcessPath(String(importId)), 'POST', {}),
    /** GET …/templates/{type}/ with the bearer token → the xlsx to save */
    template: async (type: ImportType) => {
      const { blob, filename } = await http.file(importTemplatePath(type));
      return { blob, filename: filename ?? `${type}.xlsx` };
    },
  };
}

export function useImportActions() {
  const http = useContractHttp();
  return useMemo(() => importActionsApi(http), [http]);
}
