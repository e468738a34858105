import { useMemo } from 'react';
import type { Identifier } from 'react-admin';
import { groupMembersPath } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../http/index.ts';

/**
 * Adds users to a group or takes them out (spec 1 §3.4 members tab; the users list's "include in
 * group" action uses the same call).
 */
export function groupMembersApi(http: ContractHttp) {
  return {
    /** POST …/{group}/members/ {user_ids} */
    add: async (groupId: Identifier, userIds: Identifier[]) => {
      await http.json(groupMembersPath(String(groupId)), 'POST', { user_ids: userIds });
    },
    /** POST …/{group}/members/remove/ {user_ids} */
    remove: async (groupId: Identifier, userIds: Identifier[]) => {
      await http.json(`${groupMembersPath(String(groupId))}remove/`, 'POST', { user_ids: userIds });
    },
  };
}

export function useGroupMembers() {
  const http = useContractHttp();
  return useMemo(() => groupMembersApi(http), [http]);
}
