import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { MESSAGE_PATHS, type LearnerMessageList, type UnreadMessages } from '@lp/shared/contract';

export const MESSAGES_PAGE_SIZE = 10;
export const UNREAD_KEY = MESSAGE_PATHS.learnerUnread;

/** GET /api/messages/?page=&page_size=[&unread=true] — newest first, page by page. */
export function useMessages(unreadOnly: boolean) {
  return useSWRInfinite<LearnerMessageList>(
    (index, previous: LearnerMessageList | null) => (previous && index * MESSAGES_PAGE_SIZE >= previous.count
      ? null
      : `${MESSAGE_PATHS.learnerMessages}?page=${index + 1}&page_size=${MESSAGES_PAGE_SIZE}${unreadOnly ? '&unread=true' : ''}`),
    { revalidateFirstPage: false },
  );
}

/** GET /api/messages/unread_count/ — the header's count, looked at again every minute. */
export function useUnreadMessages() {
  return useSWR<UnreadMessages>(UNREAD_KEY, { refreshInterval: 60_000 });
}
