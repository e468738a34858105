import { describe, expect, it } from 'vitest';
import {
  LIVE_CLASS_STATUS, MEETING_ROOM_CAPACITY, activitiesOpen, effectiveLiveClassScore, hasStarted, mayUnsubscribe, roomIsOpen, roomOpensAt,
  subscribeRefusal, vacanciesLeft, validateLiveClass, type LiveClassValues,
} from './rules.ts';

const start = new Date('2026-12-10T22:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const open = { live_class_type: 'open' as const, status: LIVE_CLASS_STATUS.published, start };
const closed = { ...open, live_class_type: 'closed' as const };

describe('live class windows (spec 3 §9)', () => {
  it('opens the room 15 minutes before the start for subscribers, and never closes it while Published', () => {
    expect(roomOpensAt(open, 'participant')).toEqual(at(-15));
    expect(roomIsOpen(open, 'participant', at(-15.01))).toBe(false);
    expect(roomIsOpen(open, 'participant', at(-15))).toBe(true);
    expect(roomIsOpen(open, 'participant', at(600))).toBe(true);
    // Finished closes it; a learner who is neither participant nor instructor never gets in
    expect(roomIsOpen({ ...open, status: LIVE_CLASS_STATUS.finished }, 'participant', at(0))).toBe(false);
    expect(roomIsOpen(open, 'none', at(0))).toBe(false);
  });

  it('lets a closed class\'s invitees and every instructor in from 30 minutes before', () => {
    expect(roomIsOpen(closed, 'participant', at(-30))).toBe(true);
    expect(roomIsOpen(closed, 'participant', at(-30.5))).toBe(false);
    expect(roomIsOpen(open, 'instructor', at(-30))).toBe(true);
    expect(roomIsOpen(open, 'participant', at(-30))).toBe(false);
  });

  it('takes subscriptions until 15 minutes after the start while below the limit', () => {
    const c = { ...open, maximum: 2, taken: 1 };
    expect(subscribeRefusal(c, at(15))).toBeNull();
    expect(subscribeRefusal(c, at(15.01))).toBe('live_class_not_available');
    expect(subscribeRefusal({ ...c, taken: 2 }, at(0))).toBe('no_vacancy');
    expect(subscribeRefusal({ ...c, maximum: null, taken: 99 }, at(0))).toBeNull();
    expect(subscribeRefusal({ ...closed, maximum: 5, taken: 0 }, at(-60))).toBe('live_class_closed');
    expect(subscribeRefusal({ ...c, status: LIVE_CLASS_STATUS.unpublished }, at(-60))).toBe('live_class_not_available');
    expect(mayUnsubscribe(open, at(15))).toBe(true);
    expect(mayUnsubscribe(open, at(16))).toBe(false);
  });

  it('counts seats left, never below zero', () => {
    expect(vacanciesLeft(24, 23)).toBe(1);
    expect(vacanciesLeft(24, 30)).toBe(0);
    expect(vacanciesLeft(null, 3)).toBeNull();
  });

  it('knows a started class and opens the remaining activities only to participants of a finished one (spec 3 §4)', () => {
    expect(hasStarted(start, at(-1))).toBe(false);
    expect(hasStarted(start, at(0))).toBe(true);
    expect(activitiesOpen(LIVE_CLASS_STATUS.finished, 'participant')).toBe(true);
    expect(activitiesOpen(LIVE_CLASS_STATUS.published, 'participant')).toBe(false);
    expect(activitiesOpen(LIVE_CLASS_STATUS.finished, 'none')).toBe(false);
    expect(effectiveLiveClassScore(null)).toBe(10);
    expect(effectiveLiveClassScore(50)).toBe(50);
  });
});

describe('live class validation (spec 3 §5)', () => {
  const base: LiveClassValues = {
    title: 'Aula', live_class_type: 'open', live_class_date: start, timezone: 'America/Sao_Paulo', stream_type: 2,
    maximum_participants: 24, areas: [], profiles: [], user_groups: [1],
  };

  it('accepts a valid open class and names each missing field', () => {
    expect(validateLiveClass(base)).toEqual({});
    const empty = validateLiveClass({});
    expect(Object.keys(empty).sort()).toEqual(['live_class_date', 'live_class_type', 'stream_type', 'timezone', 'title']);
    expect(validateLiveClass({ ...base, stream_type: 1 })).toEqual({ transmission_url: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateLiveClass({ ...base, stream_type: 1, transmission_url: 'ftp://x' })).toEqual({ transmission_url: 'validation_error' });
    expect(validateLiveClass({ ...base, maximum_participants: null })).toEqual({ maximum_participants: 'make_sure_that_all_fields_are_filled_in' });
  });

  it('holds the meeting room to 24 people, instructors included: the 25th is refused', () => {
    expect(MEETING_ROOM_CAPACITY).toBe(24);
    expect(validateLiveClass({ ...base, maximum_participants: 25 })).toEqual({ maximum_participants: 'live_class_room_limit' });
    expect(validateLiveClass({ ...base, maximum_participants: 24, instructors: [7] })).toEqual({ maximum_participants: 'live_class_room_limit' });
    expect(validateLiveClass({ ...base, maximum_participants: 23, instructors: [7] })).toEqual({});
  });

  it('refuses a limit below the subscribers already taken', () => {
    expect(validateLiveClass({ ...base, maximum_participants: 3, subscribers: 4 })).toEqual({ maximum_participants: 'live_class_subscribers_above_limit' });
  });

  it('closed class: the guest list is not empty, within the limit and the room', () => {
    const c: LiveClassValues = { ...base, live_class_type: 'closed', maximum_participants: null, user_groups: [] };
    expect(validateLiveClass({ ...c, invitees: [] })).toEqual({ invitees: 'live_class_guest_list_empty' });
    expect(validateLiveClass({ ...c, invitees: [1, 2, 3] })).toEqual({});
    expect(validateLiveClass({ ...c, invitees: [1, 2, 3], maximum_participants: 2 })).toEqual({ invitees: 'live_class_guests_above_limit' });
    expect(validateLiveClass({ ...c, invitees: Array.from({ length: 25 }, (_, i) => i + 1) })).toEqual({ invitees: 'live_class_room_limit' });
  });

  it('offers only the live_class_scores and the editor statuses', () => {
    expect(validateLiveClass({ ...base, score: 15 })).toEqual({ score: 'validation_error' });
    expect(validateLiveClass({ ...base, score: 20, status: 4 })).toEqual({});
    expect(validateLiveClass({ ...base, status: 3 })).toEqual({ status: 'validation_error' });
  });
});
