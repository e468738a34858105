import { PODCAST_STATUS, validatePodcast } from '@lp/shared/rules';
import type { PodcastInput } from '@lp/shared/contract';

/** What the podcast form holds (the read shape's fields it edits). */
export interface PodcastFormValues {
  title?: string | null;
  description?: string | null;
  image_url?: string | null;
  status?: number | null;
  date_to_unpublish?: string | null;
  resource?: string | null;
  tags?: number[] | null;
  areas?: number[] | null;
  profiles?: number[] | null;
  user_groups?: number[] | null;
}

export const NEW_PODCAST: PodcastFormValues = {
  title: '', description: '', image_url: null, status: PODCAST_STATUS.published, date_to_unpublish: null, resource: '',
  tags: [], areas: [], profiles: [], user_groups: [],
};

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);
const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** Form values → the JSON body of POST /admin_podcast/podcasts/ and PUT …/{id}/ (read-only fields dropped). */
export function podcastPayload(values: PodcastFormValues): PodcastInput {
  return {
    title: (values.title ?? '').trim(),
    description: (values.description ?? '').trim(),
    image_url: blankToNull(values.image_url),
    status: Number(values.status ?? PODCAST_STATUS.published),
    date_to_unpublish: blankToNull(values.date_to_unpublish),
    resource: (values.resource ?? '').trim(),
    tags: ids(values.tags),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** The shared rule in the form: field → translation key (a missing value says "required"). */
export function validatePodcastForm(values: PodcastFormValues): Record<string, string> {
  const errors = validatePodcast(podcastPayload(values));
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [
    field, code === 'make_sure_that_all_fields_are_filled_in' ? 'ra.validation.required' : `errors.${code}`,
  ]));
}
