import { useMemo } from 'react';
import {
  TRAIL_PATHS, type CertificateSyncState, type Trail, type TrailDuplicated, type TrailItem, type TrailItemInput, type TrailItemOption,
} from '@lp/shared/contract';
import type { TrailItemKind } from '@lp/shared/rules';
import { useContractHttp } from '../../common/http/index.ts';

/** GET of the module search: the published content of a kind whose title matches. */
export const trailItemSearchPath = (kind: TrailItemKind, search: string) =>
  `${TRAIL_PATHS.searchItems}?kind=${kind}&search=${encodeURIComponent(search)}`;

/**
 * The trail editor's own calls beside the trails resource (spec 2 §2.4, §4.9): the module list
 * (read and replaced as a whole), publishing, duplicating, the module search and certificate sync.
 */
export function useTrailActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** GET T/trail_items/ */
    items: (trailId: number) => http.json<TrailItem[]>(TRAIL_PATHS.items(trailId), 'GET'),
    /** POST T/trail_items/ with the whole list → what the server stored */
    replaceItems: (trailId: number, items: TrailItemInput[]) => http.json<TrailItem[]>(TRAIL_PATHS.items(trailId), 'POST', items),
    /** POST T/publish/ or T/unpublish/ (empty form) → the trail */
    setPublished: (trailId: number, action: 'publish' | 'unpublish') => http.form<Trail>(TRAIL_PATHS[action](trailId), 'POST', {}),
    /** GET T/duplicate/ → the copy's id */
    duplicate: (trailId: number) => http.json<TrailDuplicated>(TRAIL_PATHS.duplicate(trailId), 'GET'),
    /** the published content of a kind matching `term` */
    searchItems: (kind: TrailItemKind, term: string) => http.json<TrailItemOption[]>(trailItemSearchPath(kind, term), 'GET'),
    /** GET (state) or POST (start) of the certificate synchronisation */
    certificateSync: (trailId: number, method: 'GET' | 'POST') =>
      http.json<CertificateSyncState>(TRAIL_PATHS.syncCertificates(trailId), method),
  }), [http]);
}
