import { act, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeRealtimeClient } from '@lp/shared/testing';
import { CHAT_MAX_HOLD_MS, webcastChatChannel, webcastOnlineChannel } from '@lp/shared/rules';
import type { ChatMessage, LearnerChatMessage } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import type { PlaybackClock } from '../video-player/playbackClock.ts';
import { WebcastChat } from './index.tsx';

const fake = vi.hoisted(() => ({ client: null as ReturnType<typeof createFakeRealtimeClient> | null }));
vi.mock('../../lib/realtime.ts', () => ({ realtime: () => fake.client! }));

const ID = 5;
const CHAT = `/webcasts/${ID}/chat/`;
const PUBLIC = webcastChatChannel(ID, 'public');
const ONLINE = webcastOnlineChannel(ID);

const msg = (id: number, extra: Partial<LearnerChatMessage> = {}): LearnerChatMessage => ({
  id, n: `Pessoa ${id}`, m: `Mensagem ${id}`, t: '2026-11-23T15:04:05Z', a: false, state: 'public', media_time: null, mine: false, ...extra,
});
const plain = ({ mine: _, ...m }: LearnerChatMessage): ChatMessage => m;

const texts = () => within(screen.getByRole('list', { name: 'Chat messages' })).getAllByRole('listitem').map((li) => li.querySelector('.webcast-chat-text')!.textContent);

async function open(routes: Parameters<typeof fakeApi>[0], clock: PlaybackClock | null = null) {
  loggedIn();
  const api = fakeApi(routes);
  const view = await renderWithApp(<WebcastChat webcastId={ID} clock={clock} />, { locale: 'en' });
  return { ...api, ...view };
}

/** The first page has arrived and the public channel is followed. */
const subscribed = () => waitFor(() => expect(fake.client!.channels()).toContain(PUBLIC));

describe('learner webcast chat (spec 2 §2.1 watch page)', () => {
  beforeEach(() => {
    fake.client = createFakeRealtimeClient();
  });

  it('shows the public messages and the learner\'s own pending ones, newest first, with the online count', async () => {
    await open({ [`GET ${CHAT}`]: [200, { count: 3, results: [msg(9, { state: 'pending', mine: true, m: 'Minha dúvida' }), msg(7, { a: true, n: 'Moderadora' }), msg(4)] }] });
    await subscribed();
    act(() => fake.client!.snapshot(ONLINE, { online: 12, v: 3 }));
    expect(await screen.findByText('12 online')).toBeInTheDocument();
    expect(texts()).toEqual(['Minha dúvida', 'Mensagem 7', 'Mensagem 4']);
    const [pending, flagged] = within(screen.getByRole('list', { name: 'Chat messages' })).getAllByRole('listitem');
    expect(within(pending!).getByText('Awaiting moderation')).toBeInTheDocument();
    expect(within(flagged!).getByText('moderation')).toBeInTheDocument();
    expect(within(flagged!).queryByText('Awaiting moderation')).not.toBeInTheDocument();
    // spec 1 §9: English (language 2) writes MM-DD-YYYY; the hour is the viewer's zone
    expect(within(flagged!).getByText(/^11-2[34]-2026 \d\d:04:05$/)).toBeInTheDocument();
  });

  it('counts the learner as online while the page is open', async () => {
    const { unmount } = await open({ [`GET ${CHAT}`]: [200, { count: 0, results: [] }] });
    expect(fake.client!.presences()).toEqual([ONLINE]);
    expect(fake.client!.channels()).toContain(ONLINE);
    await subscribed();
    unmount();
    expect(fake.client!.presences()).toEqual([]);
    expect(fake.client!.channels()).toEqual([]);
  });

  it('applies live changes: new public messages on top, an approved own message loses its mark, a disapproved one goes', async () => {
    await open({ [`GET ${CHAT}`]: [200, { count: 2, results: [msg(9, { state: 'pending', mine: true }), msg(4)] }] });
    await subscribed();
    act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11)) }));
    expect(texts()).toEqual(['Mensagem 11', 'Mensagem 9', 'Mensagem 4']);
    act(() => fake.client!.publish(PUBLIC, { message: { ...plain(msg(9)), state: 'public' } }));
    expect(screen.queryByText('Awaiting moderation')).not.toBeInTheDocument();
    act(() => fake.client!.publish(PUBLIC, { message: { ...plain(msg(4)), state: 'disapproved' } }));
    expect(texts()).toEqual(['Mensagem 11', 'Mensagem 9']);
    act(() => fake.client!.publish(ONLINE, { online: 2, v: 9 }));
    act(() => fake.client!.publish(ONLINE, { online: 1, v: 8 }));
    expect(screen.getByText('2 online')).toBeInTheDocument();
  });

  it("the learner's own pending message goes when the moderators turn it down (the public channel's notice has no text)", async () => {
    await open({ [`GET ${CHAT}`]: [200, { count: 2, results: [msg(9, { state: 'pending', mine: true }), msg(4)] }] });
    await subscribed();
    expect(screen.getByText('Awaiting moderation')).toBeInTheDocument();
    act(() => fake.client!.publish(PUBLIC, { message: { ...plain(msg(9)), n: '', m: '', state: 'disapproved' } }));
    expect(texts()).toEqual(['Mensagem 4']);
    expect(screen.queryByText('Awaiting moderation')).not.toBeInTheDocument();
  });

  it('a snapshot after a reconnection brings what was missed and drops what left', async () => {
    await open({ [`GET ${CHAT}`]: [200, { count: 3, results: [msg(9, { state: 'pending', mine: true }), msg(7), msg(4)] }] });
    await subscribed();
    act(() => fake.client!.setStatus('reconnecting'));
    expect(screen.getByText('Reconnecting to the chat…')).toBeInTheDocument();
    act(() => {
      fake.client!.setStatus('open');
      fake.client!.snapshot(PUBLIC, { messages: [plain(msg(10)), plain(msg(4))] });
    });
    expect(texts()).toEqual(['Mensagem 10', 'Mensagem 9', 'Mensagem 4']);
    expect(screen.queryByText('Reconnecting to the chat…')).not.toBeInTheDocument();
  });

  it('sends a message; in a moderated chat it shows as awaiting moderation', async () => {
    const { calls } = await open({
      [`GET ${CHAT}`]: [200, { count: 0, results: [] }],
      [`POST ${CHAT}`]: [201, msg(20, { state: 'pending', mine: true, m: 'Olá!' })],
    });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), '  Olá!  {Enter}');
    expect(await screen.findByText('Olá!')).toBeInTheDocument();
    expect(screen.getByText('Awaiting moderation')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ message: 'Olá!', client_message_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toHaveValue('');
  });

  it('does not send an empty message, and shows the server\'s refusal', async () => {
    const { calls } = await open({
      [`GET ${CHAT}`]: [200, { count: 0, results: [] }],
      [`POST ${CHAT}`]: [409, { detail: 'off', code: 'chat_disabled' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'oi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The chat of this webcast is turned off.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toHaveValue('oi');
  });

  it('keeps the text when the learner sends too fast, and says to wait', async () => {
    await open({
      [`GET ${CHAT}`]: [200, { count: 0, results: [] }],
      [`POST ${CHAT}`]: [429, { detail: 'flood', code: 'too_many_chat_messages' }],
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'de novo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are sending messages too fast. Wait a few seconds and try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toHaveValue('de novo');
  });

  it('sends a message again under the same id until its text changes (a retry is stored once by the server)', async () => {
    const { calls } = await open({
      [`GET ${CHAT}`]: [200, { count: 0, results: [] }],
      [`POST ${CHAT}`]: [502, { detail: 'The API node did not answer', code: 'bad_gateway' }],
    });
    const box = screen.getByRole('textbox', { name: 'Write a message' });
    await userEvent.type(box, 'de novo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(box, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    const ids = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body).client_message_id as string);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('loads earlier messages before the oldest shown', async () => {
    let reads = 0;
    const first = Array.from({ length: 50 }, (_, i) => msg(100 - i));
    const { fetchMock } = await open({
      [`GET ${CHAT}`]: () => {
        reads += 1;
        return [200, reads === 1 ? { count: 52, results: first } : { count: 52, results: [msg(50), msg(49)] }];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(texts()).toHaveLength(52));
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('before=51');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('says when the webcast\'s chat cannot be read', async () => {
    await open({ [`GET ${CHAT}`]: [404, { detail: 'no', code: 'not_found' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });

  describe('in step with the picture', () => {
    // a fake player: the publisher time on screen is whatever the test says
    const LIVE = Date.parse('2026-11-30T12:00:00.000Z');
    let onScreen: number | null;
    const player: PlaybackClock = { publisherTime: () => onScreen };
    const at = (ms: number) => new Date(LIVE + ms).toISOString();
    const shownTexts = () => screen.queryByRole('list', { name: 'Chat messages' }) ? texts() : [];

    beforeEach(() => {
      onScreen = LIVE;
    });

    /** The chat open and following the public channel, then the viewer's clock and timers under the test's hand. */
    async function live(clock: PlaybackClock | null = player, routes: Parameters<typeof fakeApi>[0] = {}) {
      const view = await open({ [`GET ${CHAT}`]: [200, { count: 1, results: [msg(4, { media_time: at(60_000) })] }], ...routes }, clock);
      await subscribed();
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      return view;
    }
    const advance = (ms: number) => act(() => {
      vi.advanceTimersByTime(ms);
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('history shows at once; a live message waits until the picture reaches its media time', async () => {
      await live();
      expect(texts()).toEqual(['Mensagem 4']);
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(2500) })) }));
      expect(texts()).toEqual(['Mensagem 4']);
      onScreen = LIVE + 2000;
      advance(1000);
      expect(texts()).toEqual(['Mensagem 4']);
      onScreen = LIVE + 2500;
      advance(250);
      expect(texts()).toEqual(['Mensagem 11', 'Mensagem 4']);
    });

    it('a message the picture has already passed, or one without a media time, shows at once', async () => {
      await live();
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(-300) })) }));
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(12)) }));
      expect(texts()).toEqual(['Mensagem 12', 'Mensagem 11', 'Mensagem 4']);
    });

    it(`a stalled or paused player still shows it ${CHAT_MAX_HOLD_MS / 1000} s after it arrived`, async () => {
      await live();
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(3000) })) }));
      advance(CHAT_MAX_HOLD_MS - 300);
      expect(texts()).toEqual(['Mensagem 4']);
      advance(300);
      expect(texts()).toEqual(['Mensagem 11', 'Mensagem 4']);
    });

    it('a player that shows no publisher time yet holds no longer than the bound', async () => {
      onScreen = null;
      await live();
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(0) })) }));
      expect(texts()).toEqual(['Mensagem 4']);
      advance(CHAT_MAX_HOLD_MS);
      expect(texts()).toEqual(['Mensagem 11', 'Mensagem 4']);
    });

    it('without a live player (a recording, an embed) nothing is held', async () => {
      await live(null);
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(4000) })) }));
      expect(texts()).toEqual(['Mensagem 11', 'Mensagem 4']);
    });

    it('a held message that is turned down never shows; one moderated while held keeps waiting', async () => {
      await live();
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(11, { media_time: at(2000) })) }));
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(12, { media_time: at(2000) })) }));
      act(() => fake.client!.publish(PUBLIC, { message: { ...plain(msg(11, { media_time: at(2000) })), state: 'disapproved' } }));
      act(() => fake.client!.publish(PUBLIC, { message: { ...plain(msg(12, { media_time: at(2000) })), m: 'editada' } }));
      expect(shownTexts()).toEqual(['Mensagem 4']);
      onScreen = LIVE + 2000;
      advance(250);
      expect(texts()).toEqual(['editada', 'Mensagem 4']);
    });

    it('sends the publisher time on screen with the message, and shows its own message at once', async () => {
      const { calls } = await live(player, {
        [`POST ${CHAT}`]: [201, msg(20, { mine: true, m: 'Agora!', media_time: at(-4000) })],
      });
      vi.useRealTimers();
      onScreen = LIVE - 4000;
      // the channel brings the learner's own message before the answer does
      act(() => fake.client!.publish(PUBLIC, { message: plain(msg(20, { m: 'Agora!', media_time: at(-4000) })) }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Agora!{Enter}');
      expect(await screen.findByText('Agora!')).toBeInTheDocument();
      expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ message: 'Agora!', media_time: at(-4000), client_message_id: expect.any(String) });
    });

    it('sends no media time without a player', async () => {
      const { calls } = await live(null, { [`POST ${CHAT}`]: [201, msg(20, { mine: true, m: 'Oi' })] });
      vi.useRealTimers();
      await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Oi{Enter}');
      expect(await screen.findByText('Oi')).toBeInTheDocument();
      expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body)).toEqual({ message: 'Oi', client_message_id: expect.any(String) });
    });
  });
});
