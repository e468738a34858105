import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { LEARNER_PRESENTIAL_LIST_PATHS, type LearnerPresential, type LearnerPresentialPage, type QrTestTarget } from '@lp/shared/contract';
import type { CatalogueFilters } from '../lib/catalogue-filters.ts';

export const PRESENTIAL_PAGE_SIZE = 12;

/** spec 1 §2.2 presential filters: search, progress, favorite (no areas or groups). */
export function presentialPageKey(filters: CatalogueFilters, index: number): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  query.set('progress', filters.progress);
  query.set('favorite', filters.favorite);
  query.set('page', String(index + 1));
  query.set('page_size', String(PRESENTIAL_PAGE_SIZE));
  return `${LEARNER_PRESENTIAL_LIST_PATHS.list}?${query.toString()}`;
}

/** GET /api/presential/ — the face-to-face list (spec 3 §2), page by page ("load more"). */
export function usePresentialList(filters: CatalogueFilters) {
  return useSWRInfinite<LearnerPresentialPage>(
    (index, previous: LearnerPresentialPage | null) =>
      previous && index * PRESENTIAL_PAGE_SIZE >= previous.count ? null : presentialPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}

/**
 * GET /api/presential/{id}/ — the detail page. While an event's presential test window may open
 * (the instructor opens it in the room) it is asked again every 20 s, so the test shows up.
 */
export function usePresential(id: number | null) {
  return useSWR<LearnerPresential>(id === null ? null : LEARNER_PRESENTIAL_LIST_PATHS.detail(id), {
    refreshInterval: (data) => (data && data.events.some((e) => e.event_type === 'presential_test' && e.enrolled) && !data.finished ? 20_000 : 0),
  });
}

/** GET /api/presential/qr/{token}/ — what a scanned QR code opens (refused outside its window). */
export function useQrTest(token: string | null) {
  return useSWR<QrTestTarget>(token ? LEARNER_PRESENTIAL_LIST_PATHS.qrTest(token) : null, { revalidateOnFocus: false, shouldRetryOnError: false });
}
