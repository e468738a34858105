/**
 * The realtime protocol (DESIGN "Realtime"): one WebSocket at /api/realtime, JSON text frames.
 *
 * Connecting: `POST /api/realtime/ticket/` (bearer) answers a one-use ticket valid 30 s; open
 * `/api/realtime?ticket=…` (or send `{type:'auth', ticket}` as the first frame). The server
 * answers `ready` with the heartbeat interval; the client then pings at that interval, and a
 * connection silent for longer than the presence TTL is dropped. The server may send several
 * frames as one JSON array (a channel's messages published within a few milliseconds).
 *
 * Channels: `webcast_chat/{id}/{moderation|public|disapproved}`, `webcast_user_online/{id}`,
 * `notifications/{user id}`. Each subscribe is authorised; `subscribed` carries the channel's
 * current state (`snapshot`) and every later change arrives as `message`.
 * Presence: `{type:'presence', channel:'webcast_user_online/{id}', st:'on'|'off'}` counts the
 * connection's user as online there while the connection lives and keeps pinging.
 */
import type { ErrorCode } from './errors.ts';

/** Under /api. */
export const REALTIME_PATH = '/realtime';
export const REALTIME_TICKET_PATH = '/realtime/ticket/';

export const REALTIME_DEFAULTS = {
  /** how often a client pings; the server sends the value it uses in `ready` */
  heartbeatMs: 15_000,
  /** a presence (and a connection) missing this many heartbeats in a row is stale */
  missedHeartbeats: 2,
  ticketTtlSeconds: 30,
  /** a connection that has not authenticated by then is closed */
  authTimeoutMs: 10_000,
  maxSubscriptions: 100,
  /** the largest frame a client may send */
  maxPayloadBytes: 16 * 1024,
} as const;

/** WebSocket close codes of the server (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** the ticket (or the token behind it) is unknown, used or expired: get a new ticket */
  authFailed: 4401,
  /** no authentication frame in time */
  authTimeout: 4408,
  /** no heartbeat for longer than the presence TTL */
  heartbeatTimeout: 4410,
  /** the server is shutting down (reconnect to another node) */
  goingAway: 1001,
} as const;

export const notificationsChannel = (userId: number) => `notifications/${userId}`;

export type PresenceStatus = 'on' | 'off';

export type RealtimeClientFrame =
  | { type: 'auth'; ticket: string }
  | { type: 'subscribe'; channel: string }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'presence'; channel: string; st: PresenceStatus }
  | { type: 'ping' };

export type RealtimeServerFrame =
  | { type: 'ready'; user_id: number; heartbeat_ms: number }
  | { type: 'subscribed'; channel: string; snapshot: unknown }
  | { type: 'unsubscribed'; channel: string }
  | { type: 'presence'; channel: string; st: PresenceStatus }
  | { type: 'message'; channel: string; data: unknown }
  | { type: 'error'; channel?: string; code: ErrorCode }
  | { type: 'pong' };

/** `{online, v}`: the distinct users online in a presence channel; v orders counts made on different nodes. */
export interface PresenceCount {
  online: number;
  v: number;
}

const CHANNEL = /^[a-z_]+(\/[A-Za-z0-9_-]+){0,4}$/;

export function isChannelName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 200 && CHANNEL.test(value);
}

/** A client frame read from text, or null when it is not one. */
export function parseClientFrame(text: string): RealtimeClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  switch (frame.type) {
    case 'ping':
      return { type: 'ping' };
    case 'auth':
      return typeof frame.ticket === 'string' && frame.ticket.length <= 200 ? { type: 'auth', ticket: frame.ticket } : null;
    case 'subscribe':
    case 'unsubscribe':
      return isChannelName(frame.channel) ? { type: frame.type, channel: frame.channel } : null;
    case 'presence':
      return isChannelName(frame.channel) && (frame.st === 'on' || frame.st === 'off')
        ? { type: 'presence', channel: frame.channel, st: frame.st } : null;
    default:
      return null;
  }
}

/** The stale window of a heartbeat interval. */
export const presenceTtlMs = (heartbeatMs: number) => heartbeatMs * (REALTIME_DEFAULTS.missedHeartbeats + 1);
