import { useMemo } from 'react';
import type { NotificationsPage } from '@lp/shared/contract';
import { useContractHttp, type ContractHttp } from '../common/http/index.ts';

/** spec 1 §4.3 notifications of the bell. */
export function notificationsApi(http: ContractHttp) {
  return {
    /** GET /api/notifications/?page_size= → latest notifications and the unread count */
    latest: (pageSize: number) => http.json<NotificationsPage>(`/notifications/?page_size=${pageSize}`, 'GET'),
    markRead: async (notificationId: number) => {
      await http.json(`/notifications/${notificationId}/read/`, 'POST', {});
    },
    markAllRead: async () => {
      await http.json('/notifications/read_all/', 'POST', {});
    },
  };
}

export function useNotificationsApi() {
  const http = useContractHttp();
  return useMemo(() => notificationsApi(http), [http]);
}
