import { NEWS_DEFAULT_STATUS, cleanNewsText, newsDateFromPicker, newsDateToPicker, validateNews } from '@lp/shared/rules';
import type { News, NewsInput } from '@lp/shared/contract';
import { altTextsFromList, type AltTexts } from '../../common/imageCrop/AltTextsInput.tsx';
import { nestErrors } from '../../common/editor/index.ts';

/** The editor's values: the news write shape, with the dates as the pickers hold them (wall time in `timezone`). */
export interface NewsFormValues {
  id?: number;
  title: string;
  image_url: string | null;
  content: string;
  status: number;
  timezone: string | null;
  /** 'YYYY-MM-DDTHH:mm' in `timezone` */
  publish_date_local: string | null;
  unpublish_date_local: string | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  news_image_alt_texts: AltTexts;
  portal_url?: string;
}

/** spec 3 §4: a new item is published. */
export const NEW_NEWS: NewsFormValues = {
  title: '', image_url: null, content: '', status: NEWS_DEFAULT_STATUS, timezone: null, publish_date_local: null, unpublish_date_local: null,
  tags: [], areas: [], profiles: [], user_groups: [], news_image_alt_texts: {},
};

/** GET N/ → the editor's values. */
export function newsFormValues(news: News): NewsFormValues {
  return {
    id: news.id,
    title: news.title,
    image_url: news.image_url,
    content: news.content,
    status: news.status,
    timezone: news.timezone,
    publish_date_local: newsDateToPicker(news.publish_date, news.timezone),
    unpublish_date_local: newsDateToPicker(news.unpublish_date, news.timezone),
    tags: news.tags,
    areas: news.areas,
    profiles: news.profiles,
    user_groups: news.user_groups,
    news_image_alt_texts: altTextsFromList(news.news_image_alt_texts),
    portal_url: news.portal_url,
  };
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
const ids = (list: readonly number[] | null | undefined) => [...(list ?? [])];

/**
 * The editor's values → the spec 3 §7 JSON body: title, image_url, content, status,
 * news_image_alt_texts, timezone, publish_date, unpublish_date; tags, areas, profiles and
 * user_groups only when non-empty. Emoticons are stripped before saving (spec 3 §5).
 */
export function newsPayload(values: NewsFormValues): NewsInput {
  const timezone = blankToNull(values.timezone);
  const cleaned = cleanNewsText({
    title: values.title ?? '',
    content: values.content ?? '',
    news_image_alt_texts: {
      'pt-br': values.news_image_alt_texts?.['pt-br'] ?? '',
      'en-us': values.news_image_alt_texts?.['en-us'] ?? '',
      'es-es': values.news_image_alt_texts?.['es-es'] ?? '',
      'fr-fr': values.news_image_alt_texts?.['fr-fr'] ?? '',
    },
  });
  const body: NewsInput = {
    title: cleaned.title ?? '',
    image_url: blankToNull(values.image_url),
    content: cleaned.content ?? '',
    status: Number(values.status ?? NEWS_DEFAULT_STATUS),
    news_image_alt_texts: cleaned.news_image_alt_texts ?? {},
    timezone,
    publish_date: newsDateFromPicker(values.publish_date_local, timezone),
    unpublish_date: newsDateFromPicker(values.unpublish_date_local, timezone),
  };
  for (const field of ['tags', 'areas', 'profiles', 'user_groups'] as const) {
    if (values[field]?.length) body[field] = ids(values[field]);
  }
  return body;
}

/** form field of a contract field (the dates live in their pickers) */
export const NEWS_FORM_FIELDS: Readonly<Record<string, string>> = { publish_date: 'publish_date_local', unpublish_date: 'unpublish_date_local' };

/** spec 3 §5 in the form: the shared rules on what would be sent, as `errors.{code}` keys on the form's fields. */
export function validateNewsForm(values: NewsFormValues): Record<string, unknown> {
  const body = newsPayload(values);
  const errors = validateNews(body);
  return nestErrors(Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`])), NEWS_FORM_FIELDS);
}
