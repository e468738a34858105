/**
 * The browser side of /api/realtime (DESIGN "Realtime"; protocol in ../realtime.ts), used by the
 * admin and the portal: one socket per app, opened while something is subscribed, with a fresh
 * one-use ticket for every connection, heartbeats, and reconnection with backoff that
 * subscribes again and restores presences. Channel handlers get the `snapshot` of every
 * (re)subscription, so a view rebuilt from it misses nothing that happened while disconnected.
 */
import { REALTIME_CLOSE, REALTIME_DEFAULTS, REALTIME_PATH, type RealtimeClientFrame, type RealtimeServerFrame } from '../contract/realtime.ts';

/** The part of the browser WebSocket the client uses (a fake one in tests). */
export interface RealtimeSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const OPEN = 1;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface ChannelHandlers {
  /** the channel's state at (re)subscription */
  snapshot?(data: unknown): void;
  /** a change published on the channel */
  message?(data: unknown): void;
  /** the server refused the channel (permission_denied, not_found, invalid_channel …) */
  error?(code: string): void;
}

export interface RealtimeClient {
  /** subscribes while the returned function has not been called */
  subscribe(channel: string, handlers: ChannelHandlers): () => void;
  /** counts this user as online in a presence channel while the returned function has not been called */
  presence(channel: string): () => void;
  status(): RealtimeStatus;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  /** closes for good (logout) */
  close(): void;
}

export interface RealtimeClientOptions {
  /** ws(s)://host/api/realtime */
  url: string | (() => string);
  /** POST /api/realtime/ticket/ through the app's api client (it refreshes the session when needed) */
  getTicket(): Promise<string>;
  createSocket?(url: string): RealtimeSocketLike;
  /** first reconnection delay; doubles up to maxDelayMs, with jitter */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** an empty client keeps its socket this long (a view re-mounting does not reconnect) */
  lingerMs?: number;
  random?: () => number;
}

/** ws(s):// URL of /api/realtime on the page's origin. */
export function realtimeUrl(location: { protocol: string; host: string }, baseUrl = ''): string {
  if (/^https?:\/\//.test(baseUrl)) return `${baseUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/api${REALTIME_PATH}`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${baseUrl}/api${REALTIME_PATH}`;
}

interface ChannelEntry {
  handlers: Set<ChannelHandlers>;
  /** refused by the server: not asked again on reconnection */
  refused: boolean;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 15_000;
  const linger = options.lingerMs ?? 1_000;
  const random = options.random ?? Math.random;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as RealtimeSocketLike);

  const channels = new Map<string, ChannelEntry>();
  const presences = new Map<string, number>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let current: RealtimeStatus = 'idle';
  let socket: RealtimeSocketLike | null = null;
  let ready = false;
  let attempts = 0;
  let closedForGood = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let lingerTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let lastFrameAt = 0;
  /** a ticket is being fetched */
  let pending = false;
  /** bumps on every connection attempt: late answers of an abandoned attempt are dropped */
  let generation = 0;

  const wanted = () => channels.size > 0 || presences.size > 0;

  function setStatus(next: RealtimeStatus) {
    if (next === current) return;
    current = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function send(frame: RealtimeClientFrame): void {
    if (socket && ready && socket.readyState === OPEN) socket.send(JSON.stringify(frame));
  }

  function stopHeartbeat() {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }

  function ensureConnected() {
    if (lingerTimer) {
      clearTimeout(lingerTimer);
      lingerTimer = null;
    }
    if (closedForGood || socket || reconnectTimer || pending) return;
    void connect();
  }

  async function connect() {
    const mine = ++generation;
    setStatus(attempts === 0 ? 'connecting' : 'reconnecting');
    let ticket: string;
    pending = true;
    try {
      ticket = await options.getTicket();
    } catch {
      if (mine === generation) {
        pending = false;
        scheduleReconnect();
      }
      return;
    }
    if (mine !== generation) return;
    pending = false;
    if (closedForGood || !wanted()) {
      setStatus('idle');
      return;
    }
    const base = typeof options.url === 'function' ? options.url() : options.url;
    const s = createSocket(`${base}${base.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`);
    socket = s;
    ready = false;
    s.onmessage = (event) => {
      if (socket !== s) return;
      lastFrameAt = Date.now();
      let parsed: RealtimeServerFrame | RealtimeServerFrame[];
      try {
        parsed = JSON.parse(String(event.data)) as RealtimeServerFrame | RealtimeServerFrame[];
      } catch {
        return;
      }
      // messages of one channel published close together come as one array
      for (const frame of Array.isArray(parsed) ? parsed : [parsed]) onFrame(frame);
    };
    s.onclose = (event) => {
      if (socket !== s) return;
      socket = null;
      ready = false;
      stopHeartbeat();
      // a refused ticket (REALTIME_CLOSE.authFailed) is not retried at once either: the next
      // attempt asks for a new ticket after the delay, when the api client has refreshed the session
      if (event.code === REALTIME_CLOSE.goingAway) attempts = 0;
      scheduleReconnect();
    };
    s.onerror = () => {
      // the close that follows schedules the reconnection
    };
  }

  function scheduleReconnect() {
    socket = null;
    ready = false;
    if (closedForGood || !wanted()) {
      setStatus('idle');
      return;
    }
    setStatus('reconnecting');
    const delay = Math.min(maxDelay, minDelay * 2 ** attempts) * (0.5 + random() / 2);
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  function onFrame(frame: RealtimeServerFrame) {
    switch (frame.type) {
      case 'ready': {
        ready = true;
        attempts = 0;
        setStatus('open');
        stopHeartbeat();
        const interval = frame.heartbeat_ms > 0 ? frame.heartbeat_ms : REALTIME_DEFAULTS.heartbeatMs;
        heartbeat = setInterval(() => {
          // a connection that stopped answering (sleep, network change) is replaced
          if (Date.now() - lastFrameAt > interval * (REALTIME_DEFAULTS.missedHeartbeats + 1)) {
            const dead = socket;
            socket = null;
            ready = false;
            stopHeartbeat();
            dead?.close(4000, 'no answer');
            scheduleReconnect();
            return;
          }
          send({ type: 'ping' });
        }, interval);
        for (const [channel, entry] of channels) if (!entry.refused) send({ type: 'subscribe', channel });
        for (const channel of presences.keys()) send({ type: 'presence', channel, st: 'on' });
        return;
      }
      case 'subscribed':
        for (const h of [...(channels.get(frame.channel)?.handlers ?? [])]) h.snapshot?.(frame.snapshot);
        return;
      case 'message':
        for (const h of [...(channels.get(frame.channel)?.handlers ?? [])]) h.message?.(frame.data);
        return;
      case 'error': {
        const entry = frame.channel ? channels.get(frame.channel) : undefined;
        if (!entry) return;
        entry.refused = true;
        for (const h of [...entry.handlers]) h.error?.(frame.code);
        return;
      }
      default:
    }
  }

  function maybeDisconnect() {
    if (wanted() || lingerTimer) return;
    lingerTimer = setTimeout(() => {
      lingerTimer = null;
      if (wanted()) return;
      generation += 1;
      pending = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      attempts = 0;
      const s = socket;
      socket = null;
      ready = false;
      stopHeartbeat();
      s?.close(1000, 'idle');
      setStatus('idle');
    }, linger);
  }

  return {
    subscribe(channel, handlers) {
      let entry = channels.get(channel);
      if (!entry) {
        entry = { handlers: new Set(), refused: false };
        channels.set(channel, entry);
      }
      entry.handlers.add(handlers);
      entry.refused = false;
      // asked again for every new handler: the answer's snapshot is what the new view starts from
      send({ type: 'subscribe', channel });
      ensureConnected();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const e = channels.get(channel);
        if (!e) return;
        e.handlers.delete(handlers);
        if (e.handlers.size === 0) {
          channels.delete(channel);
          send({ type: 'unsubscribe', channel });
          maybeDisconnect();
        }
      };
    },
    presence(channel) {
      const count = presences.get(channel) ?? 0;
      presences.set(channel, count + 1);
      if (count === 0) send({ type: 'presence', channel, st: 'on' });
      ensureConnected();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const left = (presences.get(channel) ?? 1) - 1;
        if (left > 0) {
          presences.set(channel, left);
          return;
        }
        presences.delete(channel);
        send({ type: 'presence', channel, st: 'off' });
        maybeDisconnect();
      };
    },
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closedForGood = true;
      generation += 1;
      pending = false;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (lingerTimer) clearTimeout(lingerTimer);
      reconnectTimer = null;
      lingerTimer = null;
      stopHeartbeat();
      const s = socket;
      socket = null;
      ready = false;
      s?.close(1000, 'closed');
      channels.clear();
      presences.clear();
      setStatus('idle');
    },
  };
}
