import { describe, expect, it } from 'vitest';
import {
  chatSendWaitMs, LEARNER_CHAT_RATE, CHAT_MAX_HOLD_MS, CHAT_MEDIA_TIME_RANGE, chatHoldOf, chatReleased, checkChatMediaTime,
  applyChatMessage, CHAT_COLOURS, mergeChatSnapshot, CHAT_FLAGGED_COLOUR, CHAT_MESSAGE_MAX_LENGTH, CHAT_STATES, chatChannelTypeOf, chatColour,
  chatMoveTarget, chatStateOf, checkChatMessage, initialChatState, webcastChatChannel, webcastOnlineChannel,
  type ChatMessageLike,
} from './webcastChat.ts';
import { isChannelName, parseClientFrame, presenceTtlMs } from './contract/realtime.ts';
import { formatDateTime } from './dates/index.ts';

describe('chat moves (spec 2 §4.13)', () => {
  it('allows exactly pending→approved, pending→disapproved, public→disapproved, disapproved→approved', () => {
    const allowed = CHAT_STATES.flatMap((from) => (['approve', 'disapprove'] as const)
      .map((move) => [from, move, chatMoveTarget(from, move)] as const)
      .filter(([, , to]) => to !== null));
    expect(allowed).toEqual([
      ['pending', 'approve', 'public'],
      ['pending', 'disapprove', 'disapproved'],
      ['public', 'disapprove', 'disapproved'],
      ['disapproved', 'approve', 'public'],
    ]);
  });

  it('refuses approving a public message and disapproving a disapproved one', () => {
    expect(chatMoveTarget('public', 'approve')).toBeNull();
    expect(chatMoveTarget('disapproved', 'disapprove')).toBeNull();
  });
});

describe('where a message starts', () => {
  it('a learner message waits for moderation only when the chat is moderated', () => {
    expect(initialChatState(true, false)).toBe('pending');
    expect(initialChatState(false, false)).toBe('public');
  });
  it('a message of the moderation side is public at once', () => {
    expect(initialChatState(true, true)).toBe('public');
  });
});

describe('channels', () => {
  it('names the columns after the spec (moderation, public, disapproved)', () => {
    expect(webcastChatChannel(5, 'moderation')).toBe('webcast_chat/5/moderation');
    expect(webcastOnlineChannel(5)).toBe('webcast_user_online/5');
    expect(chatChannelTypeOf('pending')).toBe('moderation');
    expect(chatChannelTypeOf('disapproved')).toBe('disapproved');
    expect(chatStateOf('moderation')).toBe('pending');
    expect(chatStateOf('public')).toBe('public');
  });
});

describe('message text', () => {
  it('is trimmed, required and at most 1000 characters', () => {
    expect(checkChatMessage('  hi ')).toEqual({ text: 'hi' });
    expect(checkChatMessage('   ')).toEqual({ error: 'make_sure_that_all_fields_are_filled_in' });
    expect(checkChatMessage(undefined)).toEqual({ error: 'make_sure_that_all_fields_are_filled_in' });
    expect(checkChatMessage('x'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toEqual({ text: 'x'.repeat(1000) });
    expect(checkChatMessage('x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toEqual({ error: 'chat_message_too_long' });
    // characters, not UTF-16 units: 1000 emoji fit
    expect(checkChatMessage('😀'.repeat(1000))).toEqual({ text: '😀'.repeat(1000) });
  });
});

describe('colours (spec 4 "Chat: colours cycle through 6", spec 2 §2.5)', () => {
  it('consecutive messages take the six colours in turn, then start over', () => {
    const colours = [1, 2, 3, 4, 5, 6, 7].map((id) => chatColour({ id, a: false }));
    expect(new Set(colours.slice(0, 6)).size).toBe(6);
    expect(colours[6]).toBe(colours[0]);
    expect(CHAT_COLOURS).toHaveLength(6);
  });
  it("shows messages with the 'a' flag in a colour none of the others use", () => {
    expect(chatColour({ id: 3, a: true })).toBe(CHAT_FLAGGED_COLOUR);
    expect(CHAT_COLOURS).not.toContain(CHAT_FLAGGED_COLOUR);
  });
});

describe('time (spec 2 §2.5 DD/MM/YYYY HH:mm:ss, in spec 1 §9 order)', () => {
  const chatTime = (value: string | Date, zone: string, languageId = 1) => formatDateTime(value, languageId, zone, { seconds: true });
  it('formats in the given zone, 24-hour clock', () => {
    expect(chatTime('2026-11-23T03:04:05Z', 'UTC')).toBe('23/11/2026 03:04:05');
    expect(chatTime('2026-11-23T15:04:05Z', 'America/Sao_Paulo')).toBe('23/11/2026 12:04:05');
    expect(chatTime(new Date('2026-01-01T00:00:00Z'), 'America/Sao_Paulo')).toBe('31/12/2025 21:00:00');
  });
  it('writes MM-DD-YYYY for languages other than 1 and 3', () => {
    expect(chatTime('2026-11-23T15:04:05Z', 'America/Sao_Paulo', 2)).toBe('11-23-2026 12:04:05');
    expect(chatTime('2026-11-23T15:04:05Z', 'America/Sao_Paulo', 3)).toBe('23/11/2026 12:04:05');
  });
});

describe('applying a change to a list (newest first)', () => {
  const msg = (id: number, state: ChatMessageLike['state'] = 'public'): ChatMessageLike => ({ id, n: 'N', m: `m${id}`, t: '2026-11-23T00:00:00Z', a: false, state });

  it('inserts by id, newest first, whatever the order of arrival', () => {
    let list: ChatMessageLike[] = [];
    for (const id of [2, 5, 1, 4]) list = applyChatMessage(list, msg(id), ['public']);
    expect(list.map((m) => m.id)).toEqual([5, 4, 2, 1]);
  });
  it('replaces a message in place and removes one whose state left the list', () => {
    let list = [msg(3), msg(2), msg(1)];
    list = applyChatMessage(list, { ...msg(2), m: 'edited' }, ['public']);
    expect(list.map((m) => m.m)).toEqual(['m3', 'edited', 'm1']);
    list = applyChatMessage(list, msg(2, 'disapproved'), ['public']);
    expect(list.map((m) => m.id)).toEqual([3, 1]);
  });
  it('leaves the list as it is for a message it never showed', () => {
    const list = [msg(3)];
    expect(applyChatMessage(list, msg(9, 'pending'), ['public'])).toBe(list);
  });
  it('keeps at most `limit` messages', () => {
    const list = applyChatMessage([msg(3), msg(2)], msg(4), ['public'], 2);
    expect(list.map((m) => m.id)).toEqual([4, 3]);
  });
});

describe('realtime frames', () => {
  it('reads the client frames and refuses anything else', () => {
    expect(parseClientFrame('{"type":"subscribe","channel":"webcast_chat/5/public"}')).toEqual({ type: 'subscribe', channel: 'webcast_chat/5/public' });
    expect(parseClientFrame('{"type":"presence","channel":"webcast_user_online/5","st":"on"}')).toEqual({ type: 'presence', channel: 'webcast_user_online/5', st: 'on' });
    expect(parseClientFrame('{"type":"ping"}')).toEqual({ type: 'ping' });
    expect(parseClientFrame('{"type":"auth","ticket":"abc"}')).toEqual({ type: 'auth', ticket: 'abc' });
    expect(parseClientFrame('{"type":"presence","channel":"x/1","st":"maybe"}')).toBeNull();
    expect(parseClientFrame('{"type":"subscribe","channel":"../etc"}')).toBeNull();
    expect(parseClientFrame('{"type":"shout"}')).toBeNull();
    expect(parseClientFrame('not json')).toBeNull();
    expect(parseClientFrame('null')).toBeNull();
  });
  it('channel names are short paths of letters, digits, _ and -', () => {
    expect(isChannelName('notifications/3')).toBe(true);
    expect(isChannelName('a/b/c/d/e/f')).toBe(false);
    expect(isChannelName('x'.repeat(201))).toBe(false);
    expect(isChannelName('chat/5 6')).toBe(false);
  });
  it('a presence is stale after missing two heartbeats', () => {
    expect(presenceTtlMs(15_000)).toBe(45_000);
  });
});

describe('a learner list after a snapshot (mergeChatSnapshot)', () => {
  type Item = ChatMessageLike & { mine: boolean };
  const item = (id: number, state: ChatMessageLike['state'], mine = false): Item => ({ id, n: 'N', m: `m${id}`, t: 't', a: false, state, mine, media_time: null });
  const toItem = (m: ChatMessageLike, mine: boolean): Item => ({ ...m, mine });

  it('takes the snapshot for the public messages it covers and keeps own pending ones, newest first', () => {
    const list = [item(9, 'pending', true), item(7, 'public'), item(5, 'public', true), item(2, 'public')];
    // 7 was disapproved meanwhile; 8 arrived; the snapshot holds every public message (fewer than the limit)
    const merged = mergeChatSnapshot(list, [item(8, 'public'), item(5, 'public'), item(2, 'public')], 200, toItem);
    expect(merged.map((m) => [m.id, m.state, m.mine])).toEqual([[9, 'pending', true], [8, 'public', false], [5, 'public', true], [2, 'public', false]]);
  });

  it('a full snapshot says nothing about public messages older than its oldest', () => {
    const list = [item(3, 'public'), item(1, 'public')];
    const merged = mergeChatSnapshot(list, [item(6, 'public'), item(4, 'public')], 2, toItem);
    expect(merged.map((m) => m.id)).toEqual([6, 4, 3, 1]);
  });

  it('an own pending message that was approved becomes public and stays mine', () => {
    const merged = mergeChatSnapshot([item(4, 'pending', true)], [item(4, 'public')], 200, toItem);
    expect(merged).toEqual([item(4, 'public', true)]);
  });
});

describe('learner flood guard', () => {
  const now = new Date('2026-11-23T12:00:10.000Z');
  const at = (ms: number) => new Date(now.getTime() - ms);

  it('lets a learner send while fewer than LEARNER_CHAT_RATE.max messages are in the window', () => {
    expect(chatSendWaitMs([], now)).toBe(0);
    expect(chatSendWaitMs([at(100), at(200), at(300), at(400)], now)).toBe(0);
    // the fifth newest message left the window: send now
    expect(chatSendWaitMs([at(100), at(200), at(300), at(400), at(LEARNER_CHAT_RATE.windowSeconds * 1000)], now)).toBe(0);
  });

  it('says how long to wait when the max-th newest message is still inside the window', () => {
    expect(LEARNER_CHAT_RATE.max).toBe(5);
    expect(chatSendWaitMs([at(100), at(200), at(300), at(400), at(4000)], now)).toBe(LEARNER_CHAT_RATE.windowSeconds * 1000 - 4000);
    // older messages beyond the max-th do not matter
    expect(chatSendWaitMs([at(100), at(200), at(300), at(400), at(20_000), at(500)], now)).toBe(0);
  });
});

describe('chat in step with the picture', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it('takes a media time within CHAT_MEDIA_TIME_RANGE around the server clock, none as null', () => {
    expect(checkChatMediaTime(undefined, now)).toEqual({ mediaTime: null });
    expect(checkChatMediaTime(null, now)).toEqual({ mediaTime: null });
    expect(checkChatMediaTime(iso(-4000), now)).toEqual({ mediaTime: new Date(now.getTime() - 4000) });
    expect(checkChatMediaTime(iso(-CHAT_MEDIA_TIME_RANGE.pastMs), now)).toEqual({ mediaTime: new Date(now.getTime() - CHAT_MEDIA_TIME_RANGE.pastMs) });
    expect(checkChatMediaTime(iso(CHAT_MEDIA_TIME_RANGE.futureMs), now)).toEqual({ mediaTime: new Date(now.getTime() + CHAT_MEDIA_TIME_RANGE.futureMs) });
    expect(checkChatMediaTime(iso(-CHAT_MEDIA_TIME_RANGE.pastMs - 1), now)).toEqual({ error: 'chat_media_time_invalid' });
    expect(checkChatMediaTime(iso(CHAT_MEDIA_TIME_RANGE.futureMs + 1), now)).toEqual({ error: 'chat_media_time_invalid' });
    expect(checkChatMediaTime('soon', now)).toEqual({ error: 'chat_media_time_invalid' });
  });

  it('holds nothing without a media time', () => {
    expect(chatHoldOf({ media_time: null }, 1000)).toBeNull();
    expect(chatHoldOf({}, 1000)).toBeNull();
    expect(chatHoldOf({ media_time: 'garbage' }, 1000)).toBeNull();
    expect(chatHoldOf({ media_time: iso(0) }, 1000)).toEqual({ mediaTime: now.getTime(), arrivedAt: 1000 });
  });

  it('releases a message once the playback reaches its media time', () => {
    // a fake viewer clock (arrival at 50 000) and a fake player clock (publisher time on screen)
    const hold = { mediaTime: now.getTime(), arrivedAt: 50_000 };
    expect(chatReleased(hold, now.getTime() - 3000, 50_000)).toBe(false);
    expect(chatReleased(hold, now.getTime() - 1, 52_000)).toBe(false);
    expect(chatReleased(hold, now.getTime(), 52_000)).toBe(true);
    expect(chatReleased(hold, now.getTime() + 800, 50_100)).toBe(true);
  });

  it('is bounded: a stalled, paused or blank player still shows it CHAT_MAX_HOLD_MS after it arrived', () => {
    const hold = { mediaTime: now.getTime(), arrivedAt: 50_000 };
    const stalled = now.getTime() - 10_000;
    expect(chatReleased(hold, stalled, 50_000 + CHAT_MAX_HOLD_MS - 1)).toBe(false);
    expect(chatReleased(hold, stalled, 50_000 + CHAT_MAX_HOLD_MS)).toBe(true);
    expect(chatReleased(hold, null, 50_000 + CHAT_MAX_HOLD_MS - 1)).toBe(false);
    expect(chatReleased(hold, null, 50_000 + CHAT_MAX_HOLD_MS)).toBe(true);
  });
});
