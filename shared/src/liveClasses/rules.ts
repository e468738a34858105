/**
 * Live class rules that the server, the admin editor and the portal all apply (spec 3 §3 "Live
 * class", §4 "Live class", §5 "Live class", §9 "Live classes"): the time windows of the room and
 * of subscribing, seats and the meeting room's size, the status and what Finished unlocks, and the
 * editor's validation.
 */
import type { ErrorCode } from '../contract/errors.ts';
import type { LiveClassType } from '../contract/liveClasses.ts';
import { isValidTimezone } from '../dates/index.ts';
import { htmlToPlainText, plainLength } from '../trainings/html.ts';
import { validateAudience } from '../trainings/basicData.ts';

const MINUTE = 60_000;

/** spec 3 §4: learners watch only while Published; the admin sets Finished when the class is over. */
export const LIVE_CLASS_STATUS = { published: 1, unpublished: 2, deleted: 3, finished: 4 } as const;
/** what the editor's status toggle may pick (deleted is the delete call's) */
export const LIVE_CLASS_ADMIN_STATUSES: readonly number[] = [1, 2, 4];

/** spec 1 §3.8 live_class_platform_types (fixed ids: the contract sends them). */
export const LIVE_CLASS_PLATFORM = { external: 1, jitsi: 2 } as const;
export const platformUsesUrl = (streamType: number | null | undefined): boolean => streamType === LIVE_CLASS_PLATFORM.external;

/** spec 3 §9 "Live classes": the constants. */
export const LIVE_CLASS_WINDOWS = {
  /** "The room opens 15 minutes before the start time." */
  roomOpensMinutesBefore: 15,
  /** "Open class: subscription is allowed until 15 minutes after the start" */
  subscribeUntilMinutesAfter: 15,
  /** "Closed class: … invitees can enter from 30 minutes before the start." */
  inviteesEnterMinutesBefore: 30,
} as const;

/**
 * spec 3 §9 "The video-meeting service is limited to 24 users per room." Decision: one room per
 * class, never split; a class whose seats (subscribers or invitees) and instructors together
 * would pass 24 is refused when it is saved (`live_class_room_limit`), and the 25th subscription
 * finds no vacancy — so nobody is ever turned away at the door of a full room.
 */
export const MEETING_ROOM_CAPACITY = 24;

/** spec 4-style defaults of a new class; `score` is "the live class score" a blank score uses (spec 3 §3). */
export const LIVE_CLASS_DEFAULTS = { status: 1, type: 'open' as LiveClassType, stream_type: 1, score: 10, workload: 1 } as const;

/** spec 3 §3 live_class_scores: the scores the editor offers. */
export const LIVE_CLASS_SCORES: readonly number[] = [10, 20, 50, 100, 200];

export const LIVE_CLASS_LIMITS = { titleMax: 256, descriptionMax: 1024 } as const;

/** The score a learner earns: the class's own, or the live class score when blank (spec 3 §3). */
export const effectiveLiveClassScore = (score: number | null | undefined): number => score ?? LIVE_CLASS_DEFAULTS.score;

/** How the user stands in the class. */
export type LiveClassRoleValue = 'instructor' | 'participant' | 'none';

export interface LiveClassTiming {
  live_class_type: LiveClassType;
  status: number;
  /** the start, UTC */
  start: Date;
}

/** spec 3 §4 "Users can watch only while the status is Published." */
export const isWatchable = (status: number): boolean => status === LIVE_CLASS_STATUS.published;

/**
 * When this user may enter the room (spec 3 §9): 15 minutes before the start; a closed class's
 * invitees from 30 minutes before. The instructor, who starts the class (spec 3 §2), enters
 * from the earliest of the two so the room is running when the guests come.
 */
export function roomOpensAt(c: Pick<LiveClassTiming, 'live_class_type' | 'start'>, role: LiveClassRoleValue): Date {
  const early = role === 'instructor' || (c.live_class_type === 'closed' && role === 'participant');
  const minutes = early ? LIVE_CLASS_WINDOWS.inviteesEnterMinutesBefore : LIVE_CLASS_WINDOWS.roomOpensMinutesBefore;
  return new Date(c.start.getTime() - minutes * MINUTE);
}

/**
 * The room is open for this user: the class is Published, the user is its instructor or one of
 * its participants (subscriber or invitee), and the window has come. It never closes on its own
 * — "its end cannot be determined" (spec 3 §9) — only setting Finished closes it.
 */
export function roomIsOpen(c: LiveClassTiming, role: LiveClassRoleValue, now: Date): boolean {
  if (!isWatchable(c.status) || role === 'none') return false;
  return now.getTime() >= roomOpensAt(c, role).getTime();
}

/** spec 3 §9: an open class takes subscriptions until 15 minutes after the start. */
export const subscriptionClosesAt = (start: Date): Date => new Date(start.getTime() + LIVE_CLASS_WINDOWS.subscribeUntilMinutesAfter * MINUTE);

/** Seats left, or null when the class assigns none. Never negative. */
export function vacanciesLeft(maximum: number | null, taken: number): number | null {
  return maximum === null ? null : Math.max(0, maximum - taken);
}

/** Why a subscription is refused now, or null when it may be taken (spec 3 §2, §5, §9). */
export type SubscribeRefusal = 'live_class_closed' | 'live_class_not_available' | 'no_vacancy';

export function subscribeRefusal(c: LiveClassTiming & { maximum: number | null; taken: number }, now: Date): SubscribeRefusal | null {
  if (c.live_class_type !== 'open') return 'live_class_closed';
  if (!isWatchable(c.status) || now.getTime() > subscriptionClosesAt(c.start).getTime()) return 'live_class_not_available';
  // "Subscribers/enrolled users may not exceed the maximum"; "while registrations are below the participant limit"
  if (c.maximum !== null && c.taken >= c.maximum) return 'no_vacancy';
  return null;
}

/** Unsubscribing frees the seat; it follows the subscription window (after it the class has happened). */
export function mayUnsubscribe(c: LiveClassTiming, now: Date): boolean {
  return c.live_class_type === 'open' && isWatchable(c.status) && now.getTime() <= subscriptionClosesAt(c.start).getTime();
}

/** spec 3 §5 "The file of a class that has already started cannot be changed." */
export const hasStarted = (start: Date, now: Date): boolean => now.getTime() >= start.getTime();

/**
 * The fields that make up the class's file — when and where it happens, and who it is for — locked
 * once it started (spec 3 §5). Status, score, description, audience and the reaction tests stay
 * editable: setting Finished is done after the start.
 */
export const LIVE_CLASS_LOCKED_FIELDS = ['live_class_type', 'live_class_date', 'timezone', 'stream_type', 'transmission_url'] as const;

/**
 * spec 3 §4: "Only then [Finished] can users do the remaining activities and receive the
 * certificate": a participant of a finished class.
 */
export const activitiesOpen = (status: number, role: LiveClassRoleValue): boolean =>
  status === LIVE_CLASS_STATUS.finished && role === 'participant';

// ---- the editor (spec 3 §3, §5) ----

export interface LiveClassValues {
  title?: string | null;
  description?: string | null;
  live_class_type?: LiveClassType | null;
  /** null when missing or unreadable */
  live_class_date?: Date | null;
  timezone?: string | null;
  stream_type?: number | null;
  transmission_url?: string | null;
  maximum_participants?: number | null;
  invitees?: readonly number[] | null;
  instructors?: readonly number[] | null;
  /** the subscribers of an open class, as stored */
  subscribers?: number;
  score?: number | null;
  status?: number | null;
  areas?: readonly number[] | null;
  profiles?: readonly number[] | null;
  user_groups?: readonly number[] | null;
}

export type LiveClassFieldErrors = Record<string, ErrorCode>;
const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** spec 3 §5 "Live class" and the §9 room limit. Every failing field; empty when the class is valid. */
export function validateLiveClass(values: LiveClassValues): LiveClassFieldErrors {
  const errors: LiveClassFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > LIVE_CLASS_LIMITS.titleMax) errors.title = 'title_too_long';
  if (plainLength(htmlToPlainText(values.description)) > LIVE_CLASS_LIMITS.descriptionMax) errors.description = 'description_too_long';

  const type = values.live_class_type;
  if (!type) errors.live_class_type = REQUIRED;
  if (!values.live_class_date) errors.live_class_date = REQUIRED;
  if (!values.timezone?.trim()) errors.timezone = REQUIRED;
  else if (!isValidTimezone(values.timezone)) errors.timezone = 'invalid_timezone';

  if (values.stream_type == null) errors.stream_type = REQUIRED;
  else if (platformUsesUrl(values.stream_type)) {
    const url = values.transmission_url?.trim() ?? '';
    if (!url) errors.transmission_url = REQUIRED;
    else if (!isHttpUrl(url)) errors.transmission_url = 'validation_error';
  }

  if (values.score != null && !LIVE_CLASS_SCORES.includes(values.score)) errors.score = 'validation_error';
  if (values.status != null && !LIVE_CLASS_ADMIN_STATUSES.includes(values.status)) errors.status = 'validation_error';

  const maximum = values.maximum_participants ?? null;
  const instructors = values.instructors?.length ?? 0;
  const room = MEETING_ROOM_CAPACITY - instructors;
  if (type === 'open') {
    // an open class counts subscribers against its seats: the seats are required
    if (maximum === null || maximum < 1) errors.maximum_participants = REQUIRED;
    else if (maximum > room) errors.maximum_participants = 'live_class_room_limit';
    // "Subscribers/enrolled users may not exceed the maximum" (a lowered limit)
    else if ((values.subscribers ?? 0) > maximum) errors.maximum_participants = 'live_class_subscribers_above_limit';
    // spec 3 §1 "Content visibility is targeted by areas, profiles and groups": who may subscribe
    Object.assign(errors, validateAudience(values, false));
  } else if (type === 'closed') {
    const guests = values.invitees?.length ?? 0;
    // "The guest list cannot be empty."
    if (guests === 0) errors.invitees = 'live_class_guest_list_empty';
    // "The number of guests may not exceed the defined limit." / "Vacancies must match the expected participants, or none be assigned."
    else if (maximum !== null && maximum > 0 && guests > maximum) errors.invitees = 'live_class_guests_above_limit';
    else if (guests > room) errors.invitees = 'live_class_room_limit';
    if (maximum !== null && maximum > room) errors.maximum_participants = 'live_class_room_limit';
  }
  return errors;
}
