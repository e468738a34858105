import {
  LIVE_CLASS_DEFAULTS, LIVE_CLASS_LOCKED_FIELDS, guessTimezone, isValidTimezone, parseDateTime, platformUsesUrl, toApiDateTime, toPickerDateTime,
  validateLiveClass, type LiveClassFieldErrors,
} from '@lp/shared/rules';
import type { LiveClass, LiveClassInput, LiveClassType } from '@lp/shared/contract';

/** The basic data form's values: the class's write shape, with the date as a datetime-local input holds it. */
export interface LiveClassFormValues {
  id?: number;
  title: string;
  description: string;
  live_class_type: LiveClassType | null;
  /** the wall-clock time in `timezone`, 'YYYY-MM-DDTHH:mm' */
  date_local: string;
  timezone: string;
  stream_type: number | null;
  transmission_url: string;
  maximum_participants: number | null;
  invitees: number[];
  instructors: number[];
  /** null (blank) = the live class score (spec 3 §3) */
  score: number | null;
  workload: number | null;
  /** 'YYYY-MM-DD' or null */
  date_to_unpublish: string | null;
  status: number;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  /** read only: the subscribers taken (a lowered limit may not go under them, spec 3 §5) */
  subscribers: number;
  /** read only: the class started, its schedule and room are locked (spec 3 §5) */
  started: boolean;
}

/** The form field each contract field shows on (the date is held as its local time). */
export const LIVE_CLASS_FORM_FIELDS: Readonly<Record<string, string>> = { live_class_date: 'date_local' };

/** A new class: open, Published, an external link, the browser's timezone (shared LIVE_CLASS_DEFAULTS). */
export function newLiveClassValues(timezone = guessTimezone()): LiveClassFormValues {
  return {
    title: '', description: '', live_class_type: LIVE_CLASS_DEFAULTS.type, date_local: '', timezone,
    stream_type: LIVE_CLASS_DEFAULTS.stream_type, transmission_url: '', maximum_participants: null, invitees: [], instructors: [],
    score: null, workload: LIVE_CLASS_DEFAULTS.workload, date_to_unpublish: null, status: LIVE_CLASS_DEFAULTS.status,
    tags: [], areas: [], profiles: [], user_groups: [], subscribers: 0, started: false,
  };
}

/** GET L/ → form values. */
export function liveClassFormValues(c: LiveClass): LiveClassFormValues {
  const at = parseDateTime(c.live_class_date, c.timezone);
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    live_class_type: c.live_class_type,
    date_local: at ? toPickerDateTime(at, c.timezone) : '',
    timezone: c.timezone,
    stream_type: c.stream_type,
    transmission_url: c.transmission_url ?? '',
    maximum_participants: c.maximum_participants,
    invitees: c.invitees,
    instructors: c.instructors,
    score: c.score,
    workload: c.workload,
    date_to_unpublish: c.date_to_unpublish,
    status: c.status,
    tags: c.tags,
    areas: c.areas,
    profiles: c.profiles,
    user_groups: c.user_groups,
    subscribers: c.live_class_type === 'open' ? c.qty_participants : 0,
    started: c.started,
  };
}

/** The instant the form names: its wall-clock time read in its zone; null when either is missing or wrong. */
export function liveClassInstant(values: Pick<LiveClassFormValues, 'date_local' | 'timezone'>): Date | null {
  if (!values.date_local || !isValidTimezone(values.timezone)) return null;
  return parseDateTime(values.date_local, values.timezone);
}

const emptyToNull = (value: number | string | null | undefined): number | null =>
  (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));

export interface LiveClassPayloadOptions {
  /** live_class_set_score: only then is the score sent (docs/api.md: another score needs it) */
  sendScore: boolean;
}

/**
 * Form values → the JSON body of POST L and PUT L/ (docs/api.md "Live classes"): the date as
 * 'YYYY-MM-DDTHH:mm:ss±hh:mm' with the zone's offset, the link only for a platform that uses one,
 * the guest list only for a closed class; a started class leaves its locked fields out (spec 3 §5,
 * omitted fields keep their value).
 */
export function liveClassPayload(values: LiveClassFormValues, options: LiveClassPayloadOptions): LiveClassInput {
  const at = liveClassInstant(values);
  const body: LiveClassInput = {
    title: values.title.trim(),
    description: values.description,
    live_class_type: values.live_class_type ?? undefined,
    live_class_date: at ? toApiDateTime(at, values.timezone) : null,
    timezone: values.timezone || null,
    stream_type: values.stream_type,
    transmission_url: platformUsesUrl(values.stream_type) ? values.transmission_url.trim() : null,
    maximum_participants: emptyToNull(values.maximum_participants),
    instructors: values.instructors,
    workload: emptyToNull(values.workload) ?? LIVE_CLASS_DEFAULTS.workload,
    date_to_unpublish: values.date_to_unpublish || null,
    status: values.status,
    tags: values.tags,
    areas: values.areas,
    profiles: values.profiles,
    user_groups: values.user_groups,
  };
  if (values.live_class_type === 'closed') body.invitees = values.invitees;
  if (options.sendScore) body.score = emptyToNull(values.score);
  if (values.started) for (const field of LIVE_CLASS_LOCKED_FIELDS) delete body[field];
  return body;
}

/** spec 3 §5 and the §9 room limit on the form's values (the server checks the same rule). */
export function validateLiveClassForm(values: LiveClassFormValues): LiveClassFieldErrors {
  const errors = validateLiveClass({
    ...values,
    live_class_date: liveClassInstant(values),
    maximum_participants: emptyToNull(values.maximum_participants),
    score: emptyToNull(values.score),
  });
  // the form holds the date as its local time
  if (errors.live_class_date) {
    errors.date_local = errors.live_class_date;
    delete errors.live_class_date;
  }
  return errors;
}
