import {
  WEBCAST_ADMIN_STATUSES, WEBCAST_DEFAULTS, formatInZone, guessTimezone, isValidTimezone, normalizeEmbed, parseDateTime, parseWebcastScore,
  toApiDateTime, toPickerDateTime, unpublishDateForDisplay, unpublishDateFromDisplay, validateWebcast, webcastUsesEmbed,
  type WebcastFieldErrors,
} from '@lp/shared/rules';
import type { Webcast, WebcastInput } from '@lp/shared/contract';
import { altTextsFromList, type AltTexts } from '../../../common/imageCrop/AltTextsInput.tsx';

/** The event-data form's values: the webcast's write shape, with the date, image and unpublish day as the inputs hold them. */
export interface WebcastFormValues {
  id?: number;
  title: string;
  description: string;
  webcast_type: number | null;
  embed: string;
  status: number;
  /** the wall-clock time in `timezone`, 'YYYY-MM-DDTHH:mm' (a datetime-local input) */
  transmission_local: string;
  timezone: string;
  workload: number | null;
  /** a number input, or the static-score select; text is read as an integer (spec 2 §5.9) */
  score: number | string | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  use_chat: boolean;
  chat_moderated: boolean;
  /** URL of the original image */
  image: string | null;
  webcast_image_alt_texts: AltTexts;
  /** the day shown in the editor: the stored day + 1 (spec 4 "Dates") */
  unpublish_date_shown: string | null;
  public_url?: string;
  transmission_completed?: boolean;
}

/** spec 4 "Defaults" of a new webcast; the timezone is the browser's (spec 2 §5.9). */
export function newWebcastValues(timezone = guessTimezone()): WebcastFormValues {
  return {
    title: '', description: '', webcast_type: WEBCAST_DEFAULTS.webcast_type, embed: '', status: WEBCAST_DEFAULTS.status,
    transmission_local: '', timezone, workload: WEBCAST_DEFAULTS.workload, score: WEBCAST_DEFAULTS.score,
    tags: [], areas: [], profiles: [], user_groups: [], use_chat: WEBCAST_DEFAULTS.use_chat, chat_moderated: WEBCAST_DEFAULTS.chat_moderated,
    image: null, webcast_image_alt_texts: {}, unpublish_date_shown: null,
  };
}

/** GET W/ → form values (spec 2 §3.11 read shapes). */
export function webcastFormValues(webcast: Webcast): WebcastFormValues {
  const at = parseDateTime(webcast.transmission_date, webcast.timezone);
  return {
    id: webcast.id,
    title: webcast.title,
    description: webcast.description,
    webcast_type: webcast.webcast_type,
    embed: webcast.embed === 'none' ? '' : webcast.embed,
    status: webcast.status,
    transmission_local: at ? toPickerDateTime(at, webcast.timezone) : '',
    timezone: webcast.timezone,
    workload: webcast.workload,
    score: webcast.score,
    tags: webcast.tags,
    areas: webcast.areas,
    profiles: webcast.profiles,
    user_groups: webcast.user_groups,
    use_chat: webcast.use_chat,
    chat_moderated: webcast.chat_moderated,
    image: webcast.webcast_images.find((i) => i.original)?.image ?? null,
    webcast_image_alt_texts: altTextsFromList(webcast.webcast_image_alt_texts),
    unpublish_date_shown: unpublishDateForDisplay(webcast.unpublish_date),
    public_url: webcast.public_url,
    transmission_completed: webcast.transmission_completed,
  };
}

/** The instant the form names: its wall-clock time read in its zone; null when either is missing or wrong. */
export function transmissionInstant(values: Pick<WebcastFormValues, 'transmission_local' | 'timezone'>): Date | null {
  if (!values.transmission_local || !isValidTimezone(values.timezone)) return null;
  return parseDateTime(values.transmission_local, values.timezone);
}

export interface PayloadOptions {
  /** the score field is shown and editable (webcast_use_score and webcast_set_score) */
  sendScore: boolean;
}

/**
 * Form values → the JSON body of POST /admin_webcasts/webcasts/ and PUT W/ (spec 2 §7.3):
 * transmission_date as 'YYYY-MM-DDTHH:mm:ss±hh:mm' with the chosen zone's offset, the embed
 * https-prefixed ('none' for type 2), chat_moderated off without the chat, the score as an
 * integer (empty 0) when it is used, and the unpublish day shifted back (spec 4 "Dates").
 */
export function webcastPayload(values: WebcastFormValues, options: PayloadOptions): WebcastInput {
  const at = transmissionInstant(values);
  const body: WebcastInput = {
    title: values.title.trim(),
    description: values.description,
    webcast_type: values.webcast_type,
    embed: normalizeEmbed(values.webcast_type, values.embed),
    status: values.status,
    transmission_date: at ? toApiDateTime(at, values.timezone) : null,
    timezone: values.timezone,
    workload: values.workload,
    tags: values.tags,
    areas: values.areas,
    profiles: values.profiles,
    user_groups: values.user_groups,
    use_chat: values.use_chat,
    chat_moderated: values.use_chat && values.chat_moderated,
    webcast_images: values.image ?? '',
    webcast_image_alt_texts: {
      'pt-br': values.webcast_image_alt_texts['pt-br'] ?? '',
      'en-us': values.webcast_image_alt_texts['en-us'] ?? '',
      'es-es': values.webcast_image_alt_texts['es-es'] ?? '',
      'fr-fr': values.webcast_image_alt_texts['fr-fr'] ?? '',
    },
    unpublish_date: unpublishDateFromDisplay(values.unpublish_date_shown) ?? '',
  };
  if (options.sendScore) body.score = parseWebcastScore(values.score);
  return body;
}

/**
 * spec 2 §7.3 End webcast: the multipart fields (title, description, webcast_type, embed,
 * use_chat, chat_moderated, transmission_date 'YYYY-MM-DD HH:mm:ss', transmission_completed,
 * status=4, score, webcast_images, workload, unpublish_date optional; tags, areas and profiles
 * repeated, user_groups too when chosen). Arrays become repeated fields.
 */
export function endWebcastFields(values: WebcastFormValues, options: PayloadOptions): Record<string, string | number | Array<string | number>> {
  const at = transmissionInstant(values);
  const fields: Record<string, string | number | Array<string | number>> = {
    title: values.title.trim(),
    description: values.description,
    webcast_type: values.webcast_type ?? '',
    embed: normalizeEmbed(values.webcast_type, values.embed),
    use_chat: String(values.use_chat),
    chat_moderated: String(values.use_chat && values.chat_moderated),
    transmission_date: at ? formatInZone(at, values.timezone, 'yyyy-MM-dd HH:mm:ss') : '',
    transmission_completed: values.transmission_completed ? 1 : 0,
    status: 4,
    webcast_images: values.image ?? '',
    workload: values.workload ?? '',
    tags: values.tags,
    areas: values.areas,
    profiles: values.profiles,
    user_groups: values.user_groups,
  };
  if (options.sendScore) fields.score = parseWebcastScore(values.score);
  const unpublish = unpublishDateFromDisplay(values.unpublish_date_shown);
  if (unpublish) fields.unpublish_date = unpublish;
  return fields;
}

/** spec 2 §5.9 on the form's values (the server checks the same rule). */
export function validateWebcastForm(values: WebcastFormValues, ctx: { scoreEditable: boolean; staticScores: readonly number[] | null }): WebcastFieldErrors {
  const errors = validateWebcast({
    title: values.title,
    description: values.description,
    webcast_type: values.webcast_type,
    embed: webcastUsesEmbed(values.webcast_type) ? normalizeEmbed(values.webcast_type, values.embed) : 'none',
    transmission_date: transmissionInstant(values),
    timezone: values.timezone,
    workload: values.workload,
    score: ctx.scoreEditable ? parseWebcastScore(values.score) : null,
    // the streaming server's 5 (converting) is not the form's to judge
    status: WEBCAST_ADMIN_STATUSES.includes(values.status) ? values.status : null,
    areas: values.areas,
    profiles: values.profiles,
    user_groups: values.user_groups,
    webcast_image_alt_texts: values.webcast_image_alt_texts,
  }, ctx);
  // the form holds the date as its local time
  if (errors.transmission_date) {
    errors.transmission_local = errors.transmission_date;
    delete errors.transmission_date;
  }
  return errors;
}
