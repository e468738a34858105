import { useMemo } from 'react';
import {
  LIVE_CLASS_PATHS, type LiveClass, type LiveClassDuplicated, type LiveClassInput, type LiveClassUsersBody, type LiveClassUsersResult,
} from '@lp/shared/contract';
import { LIVE_CLASS_STATUS } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';

/** The live class editor's verbs that are not record CRUD (docs/api.md "Live classes"). */
export function useLiveClassActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** GET L/duplicate/ → the copy's id (unpublished, no subscribers) */
    duplicate: (id: number) => http.json<LiveClassDuplicated>(LIVE_CLASS_PATHS.duplicate(id), 'GET'),
    /**
     * spec 3 §4 "the admin sets Finished": PUT L/ with only the status (omitted fields keep their
     * value); the server then completes the participants who have nothing left.
     */
    setFinished: (id: number) => {
      const body: LiveClassInput = { status: LIVE_CLASS_STATUS.finished };
      return http.json<LiveClass>(LIVE_CLASS_PATHS.item(id), 'PUT', body);
    },
    /** POST L/subscribers/bulk_add/: all or none (409 live_class_subscribers_above_limit past the seats) */
    addSubscribers: (id: number, userIds: number[]) => {
      const body: LiveClassUsersBody = { user_ids: userIds };
      return http.json<LiveClassUsersResult>(LIVE_CLASS_PATHS.subscribersAdd(id), 'POST', body);
    },
    /** POST L/subscribers/bulk_remove/ */
    removeSubscribers: (id: number, userIds: number[]) => {
      const body: LiveClassUsersBody = { user_ids: userIds };
      return http.json<LiveClassUsersResult>(LIVE_CLASS_PATHS.subscribersRemove(id), 'POST', body);
    },
  }), [http]);
}
