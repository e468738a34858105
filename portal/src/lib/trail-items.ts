import type { LearnerTrail } from '@lp/shared/contract';

type TrailItem = LearnerTrail['items'][number];

/**
 * The learner page of a trail module, by kind (spec 1 §2.2 routes): a training opens inside the
 * trail ('trails/{id_trail}/course/{id}'); the others open on their own page — a library file
 * through the library's search by name ('library/{name}'), where its preview is.
 */
export function trailItemHref(trailId: number, item: Pick<TrailItem, 'kind' | 'id' | 'title'>): string {
  switch (item.kind) {
    case 'training': return `/trails/${trailId}/course/${item.id}`;
    case 'live_class': return `/live_classes/${item.id}`;
    case 'webcast': return `/webcasts/${item.id}`;
    case 'news': return `/news/${item.id}`;
    case 'podcast': return `/podcasts/${item.id}`;
    case 'library_file': return `/library/${encodeURIComponent(item.title)}`;
  }
}
