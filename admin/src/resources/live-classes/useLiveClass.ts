import { HttpError, useGetOne } from 'react-admin';
import { ADMIN_RESOURCES, type LiveClass } from '@lp/shared/contract';

export const LIVE_CLASSES = ADMIN_RESOURCES.live_classes.name;

/** A missing class, or one of another client, is not asked for again (404 live_class_not_found). */
const retryUnlessRefused = (count: number, error: unknown) => !(error instanceof HttpError && [403, 404].includes(error.status)) && count < 2;

/** GET L/ (docs/api.md "Live classes"): the live_classes resource's record; the tabs read its type from it. */
export function useLiveClass(id: number | null) {
  return useGetOne<LiveClass>(LIVE_CLASSES, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0, retry: retryUnlessRefused });
}
