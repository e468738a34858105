import { useCallback } from 'react';
import type { Identifier } from 'react-admin';
import { FAQ_PATHS } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

/** PATCH of a received question's status (handled, or new again): the contract's partial update. */
export function useReceivedQuestionStatus() {
  const http = useContractHttp();
  return useCallback(async (id: Identifier, status: number) => {
    await http.json(FAQ_PATHS.receivedItem(String(id)), 'PATCH', { status });
  }, [http]);
}
