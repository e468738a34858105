import useSWR from 'swr';
import type { NotificationsPage } from '@lp/shared/contract';

/** GET /api/notifications/ (spec 1 §4.3): the signed-in user's notices in the selected client, newest first. */
export const NOTIFICATIONS_PATH = '/notifications/';
/** the header's count: one notice is the least a page can hold, `unread` counts them all */
export const NOTICE_COUNT_KEY = `${NOTIFICATIONS_PATH}?page_size=1`;
export const notificationReadPath = (id: number) => `${NOTIFICATIONS_PATH}${id}/read/`;
export const NOTIFICATIONS_READ_ALL_PATH = `${NOTIFICATIONS_PATH}read_all/`;

/** The header bell's unread count, looked at again every minute (only rendered once signed in). */
export function useNoticeCount() {
  return useSWR<NotificationsPage>(NOTICE_COUNT_KEY, { refreshInterval: 60_000 });
}
