/**
 * What an area hands the realtime hub (hub.ts): its channel kinds, and who is behind a socket.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '@lp/shared/contract';
import type { AccessSubject } from '@lp/shared/rules';
import type { Bus } from './bus.ts';
import type { PresenceStore } from './presence.ts';

/** Who is behind a socket: what the ticket carried from the request that asked for it. */
export interface SocketAuth {
  userId: number;
  /** the login (token family) behind the ticket: a revoked one closes the socket */
  familyId: string;
  clientId: number | null;
  subject: AccessSubject;
  /** epoch ms: the access token behind the ticket expires; the socket is closed then */
  expiresAt: number;
}

/** A kind of channel: `webcast_chat` for `webcast_chat/{id}/{type}`. */
export interface ChannelDefinition<P = unknown> {
  /** params from the segments after the kind, or null when the name is malformed */
  parse(segments: string[]): P | null;
  /** null when `auth` may subscribe (and, in a presence channel, be counted); the refusal's code otherwise */
  authorize(auth: SocketAuth, params: P): Promise<ErrorCode | null>;
  /** what a new subscriber starts from; presence channels answer their count instead */
  snapshot?(auth: SocketAuth, params: P): Promise<unknown>;
  /** connections may be counted as online in it; its messages are `PresenceCount`s */
  presence?: boolean;
}

export interface HubOptions {
  bus: Bus;
  presence: PresenceStore;
  log: FastifyBaseLogger;
  /** a ticket → who it authenticates, once; null when unknown, used or expired */
  resolveTicket(ticket: string): Promise<SocketAuth | null>;
  /**
   * Of these logins, the ones still valid (not revoked nor expired, their user may log in): the
   * sweep closes the sockets of the others, whatever revoked them (a block by an import too).
   */
  liveSessions?(familyIds: string[]): Promise<Set<string>>;
  heartbeatMs?: number;
  /** a client that does not read is dropped past this many queued bytes (it reconnects and starts from a snapshot) */
  maxBufferedBytes?: number;
  /** the longest batch window of a channel's messages (ms) */
  maxBatchMs?: number;
  now?: () => number;
}

/** Whose sockets to close: one login, or every login of a user but one. */
export type SessionFilter = { familyId: string } | { userId: number; exceptFamilyId?: string };
