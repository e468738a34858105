import { useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  applyChatMessage, CHAT_MESSAGE_MAX_LENGTH, CHAT_SNAPSHOT_LIMIT, chatColour, chatHoldOf, chatReleased, checkChatMessage, mergeChatSnapshot,
  webcastChatChannel, webcastOnlineChannel, type ChatHold, type ChatMessageLike,
} from '@lp/shared/rules';
import {
  WEBCAST_CHAT_PATHS, type ChatChannelEvent, type ChatMessage, type LearnerChatMessage, type LearnerChatPage, type LearnerChatSend, type PresenceCount,
} from '@lp/shared/contract';
import type { RealtimeStatus } from '@lp/shared/client';
import { api, errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { realtime } from '../../lib/realtime.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../message/index.tsx';
import type { PlaybackClock } from '../video-player/playbackClock.ts';
import './webcast-chat.css';

export interface WebcastChatProps {
  webcastId: number;
  /**
   * The publisher time on screen while the live picture plays: new messages wait for the
   * moment they were written about, and the learner's own carry it. Without one (no live
   * player) every message shows at once and is sent without a media time.
   */
  clock?: PlaybackClock | null;
}

const PAGE_SIZE = 50;
/** How often held messages are looked at again (the picture moves on by itself) */
const HOLD_CHECK_MS = 200;
const learnerItem = (m: ChatMessageLike, mine: boolean): LearnerChatMessage => ({
  id: m.id, n: m.n, m: m.m, t: m.t, a: m.a, state: m.state, media_time: m.media_time ?? null, mine,
});

type Holds = ReadonlyMap<number, ChatHold>;

/** The holds still waiting (the same map when none was released). */
function stillHeld(holds: Holds, playbackTime: number | null, now: number): Holds {
  const left = new Map([...holds].filter(([, hold]) => !chatReleased(hold, playbackTime, now)));
  return left.size === holds.size ? holds : left;
}

function withoutHold(holds: Holds, id: number): Holds {
  if (!holds.has(id)) return holds;
  const left = new Map(holds);
  left.delete(id);
  return left;
}

/**
 * The learner's chat on the watch page (spec 2 §2.1 "Shows the transmission and the chat"):
 * send, the public messages live, the learner's own pending messages marked as
 * awaiting moderation, and the learner counted as online while the page is open (presence with
 * heartbeats over /api/realtime).
 */
export function WebcastChat({ webcastId, clock = null }: WebcastChatProps) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [messages, setMessages] = useState<LearnerChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [online, setOnline] = useState<PresenceCount | null>(null);
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  // live messages that arrived ahead of the picture (shared chatReleased): kept in the list, not shown yet
  const [holds, setHolds] = useState<Holds>(new Map());
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const shown = useRef<readonly LearnerChatMessage[]>(messages);
  shown.current = messages;

  const holding = holds.size > 0;
  useEffect(() => {
    if (!holding) return undefined;
    const timer = setInterval(() => setHolds((current) => stillHeld(current, clockRef.current?.publisherTime() ?? null, Date.now())), HOLD_CHECK_MS);
    return () => clearInterval(timer);
  }, [holding]);

  useEffect(() => {
    const client = realtime();
    let active = true;
    const stops: Array<() => void> = [];
    setStatus(client.status());
    stops.push(client.onStatus(setStatus));
    // spec 2 §3.12 webcast_user_online: counted while the page is open
    stops.push(client.presence(webcastOnlineChannel(webcastId)));
    stops.push(client.subscribe(webcastOnlineChannel(webcastId), {
      snapshot: (data) => setOnline(data as PresenceCount),
      message: (data) => setOnline((current) => {
        const next = data as PresenceCount;
        return current && current.v > next.v ? current : next;
      }),
    }));

    // the first page (with the learner's own pending messages), then the live public channel,
    // whose snapshots are newer than that page and win over it
    void (async () => {
      try {
        const page = await api.json<LearnerChatPage>(`${WEBCAST_CHAT_PATHS.learner(webcastId)}?page_size=${PAGE_SIZE}`);
        if (!active) return;
        setMessages((current) => page.results.reduce((list, m) => applyChatMessage(list, m, ['public', 'pending']), current));
        setHasOlder(page.results.length === PAGE_SIZE);
      } catch (failure) {
        if (active) setError(errorCode(failure));
      } finally {
        if (active) setLoaded(true);
      }
      if (!active) return;
      stops.push(client.subscribe(webcastChatChannel(webcastId, 'public'), {
        snapshot: (data) => {
          const snapshot = (data as { messages?: ChatMessage[] } | null)?.messages ?? [];
          setMessages((current) => mergeChatSnapshot(current, snapshot, CHAT_SNAPSHOT_LIMIT, learnerItem));
        },
        message: (data) => {
          const { message } = data as ChatChannelEvent;
          // a message new to this list waits for the picture; one already shown (approved, edited) does not
          const playing = clockRef.current;
          const hold = playing && message.state === 'public' && !shown.current.some((m) => m.id === message.id) ? chatHoldOf(message, Date.now()) : null;
          if (hold && !chatReleased(hold, playing!.publisherTime(), hold.arrivedAt)) setHolds((current) => new Map(current).set(message.id, hold));
          setMessages((current) => {
            const mine = current.find((m) => m.id === message.id)?.mine ?? false;
            // a message that left the public chat leaves this list too
            return applyChatMessage(current, learnerItem(message, mine), ['public']);
          });
        },
        error: (code) => setError(code),
      }));
    })();

    return () => {
      active = false;
      for (const stop of stops) stop();
    };
  }, [webcastId]);

  async function loadOlder() {
    const oldest = messages[messages.length - 1];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await api.json<LearnerChatPage>(`${WEBCAST_CHAT_PATHS.learner(webcastId)}?page_size=${PAGE_SIZE}&before=${oldest.id}`);
      setMessages((current) => page.results.reduce((list, m) => applyChatMessage(list, m, ['public', 'pending']), current));
      setHasOlder(page.results.length === PAGE_SIZE);
    } catch (failure) {
      setError(errorCode(failure));
    } finally {
      setLoadingOlder(false);
    }
  }

  const visible = holding ? messages.filter((m) => !holds.has(m.id)) : messages;
  return (
    <section class="webcast-chat" aria-labelledby={`webcast-chat-${webcastId}`}>
      <div class="webcast-chat-head">
        <h2 id={`webcast-chat-${webcastId}`}>{t('portal.webcasts.chat.title')}</h2>
        {online && <span class="muted" role="status">{t('portal.webcasts.chat.online', { n: online.online })}</span>}
      </div>
      {status === 'reconnecting' && <p class="note">{t('portal.webcasts.chat.reconnecting')}</p>}
      <ChatForm
        webcastId={webcastId}
        mediaTime={() => clockRef.current?.publisherTime() ?? null}
        onSent={(message) => {
          // the learner's own message shows at once, even when the channel brought it first
          setHolds((current) => withoutHold(current, message.id));
          setMessages((current) => applyChatMessage(current, message, ['public', 'pending']));
        }}
      />
      {error && <Message kind="error">{errorText(t, error)}</Message>}
      {loaded && visible.length === 0 && !error && <p class="note">{t('portal.webcasts.chat.empty')}</p>}
      {visible.length > 0 && (
        <ol class="webcast-chat-messages" aria-label={t('portal.webcasts.chat.messages')}>
          {visible.map((message) => (
            <li
              key={message.id}
              class={`webcast-chat-message${message.state === 'pending' ? ' webcast-chat-pending' : ''}`}
              style={{ '--chat-colour': chatColour(message) }}
            >
              <p class="webcast-chat-meta">
                <span class="webcast-chat-sender">{message.n}</span>
                {message.a && <span class="badge">{t('portal.webcasts.chat.moderation')}</span>}
                <time class="muted" dateTime={message.t}>{dates.dateTime(message.t, { seconds: true })}</time>
                {message.state === 'pending' && <span class="badge">{t('portal.webcasts.chat.pending')}</span>}
              </p>
              <p class="webcast-chat-text">{message.m}</p>
            </li>
          ))}
        </ol>
      )}
      {hasOlder && (
        <button type="button" class="button-secondary" disabled={loadingOlder} onClick={() => void loadOlder()}>
          {t('portal.webcasts.chat.load_more')}
        </button>
      )}
    </section>
  );
}

/** A message's own id (LearnerChatSend.client_message_id); getRandomValues, unlike randomUUID, also works on plain http (a LAN address). */
function newClientMessageId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface ChatFormProps {
  webcastId: number;
  /** the publisher time on screen as the message is sent (ms since the epoch), or null */
  mediaTime(): number | null;
  onSent(message: LearnerChatMessage): void;
}

function ChatForm({ webcastId, mediaTime, onSent }: ChatFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  // one id per message while its text stays: sending it again after a failure (the answer lost
  // with a server node) is the same message, which the server stores once
  const clientMessageId = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    const checked = checkChatMessage(text);
    if ('error' in checked) {
      setError(errorText(t, checked.error));
      document.getElementById(id)?.focus();
      return;
    }
    // the picture the learner is reacting to: taken as they send, before the request goes
    const watched = mediaTime();
    const body: LearnerChatSend = { message: checked.text, ...(watched === null ? {} : { media_time: new Date(watched).toISOString() }) };
    setBusy(true);
    setError(null);
    try {
      clientMessageId.current ??= newClientMessageId();
      onSent(await send<LearnerChatMessage>(WEBCAST_CHAT_PATHS.learner(webcastId), 'POST', { ...body, client_message_id: clientMessageId.current }));
      clientMessageId.current = null;
      setText('');
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="webcast-chat-form-wrap" onSubmit={(event) => void submit(event)} noValidate>
      <label for={id} class="visually-hidden">{t('portal.webcasts.chat.new_message')}</label>
      <div class="webcast-chat-form">
        <input
          id={id}
          type="text"
          autocomplete="off"
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={t('portal.webcasts.chat.new_message')}
          value={text}
          onInput={(event) => {
            clientMessageId.current = null;
            setText(event.currentTarget.value);
          }}
        />
        <button type="submit" disabled={busy}>{t('portal.webcasts.chat.send')}</button>
      </div>
      {error && <Message kind="error">{error}</Message>}
    </form>
  );
}
