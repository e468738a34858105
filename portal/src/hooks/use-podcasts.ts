import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { PODCAST_PATHS, type LearnerPlaylist, type LearnerPodcast, type LearnerPodcastPage } from '@lp/shared/contract';
import { filterQuery, type CatalogueFilters } from '../lib/catalogue-filters.ts';

export const PODCASTS_PAGE_SIZE = 12;

export function podcastsPageKey(filters: CatalogueFilters, index: number): string {
  const query = filterQuery(filters);
  query.set('page', String(index + 1));
  query.set('page_size', String(PODCASTS_PAGE_SIZE));
  return `${PODCAST_PATHS.learnerPodcasts}?${query.toString()}`;
}

/** GET /api/podcasts/ — the learner's podcasts with the filters of spec 1 §2.2, page by page. */
export function usePodcasts(filters: CatalogueFilters) {
  return useSWRInfinite<LearnerPodcastPage>(
    (index, previous: LearnerPodcastPage | null) =>
      previous && index * PODCASTS_PAGE_SIZE >= previous.count ? null : podcastsPageKey(filters, index),
    { revalidateFirstPage: false },
  );
}

/** GET /api/podcasts/playlists/ — the playlists with the podcasts the learner may hear (when `enabled`). */
export function usePlaylists(enabled = true) {
  return useSWR<LearnerPlaylist[]>(enabled ? PODCAST_PATHS.learnerPlaylists : null);
}

/** GET /api/podcasts/{id}/ — one podcast with what the player needs. */
export function usePodcast(id: number | string | null) {
  return useSWR<LearnerPodcast>(id === null ? null : PODCAST_PATHS.learnerPodcast(id));
}
