import { useCallback } from 'react';
import type { Identifier } from 'react-admin';
import { MESSAGE_PATHS, type Message } from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

/** spec 3 §8 "Error sending message": POST …/{id}/retry/ sends the failed e-mails again. */
export function useMessageRetry() {
  const http = useContractHttp();
  return useCallback((id: Identifier) => http.json<Message>(MESSAGE_PATHS.retry(String(id)), 'POST', {}), [http]);
}
