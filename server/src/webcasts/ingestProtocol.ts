/**
 * The messages between the API and its ingest process (ingestProcess.ts ↔ ingestProcessEntry.ts),
 * over Node's IPC channel with `serialization: 'advanced'` (dates cross as dates). The API calls
 * the engine and answers its hooks; the ingest mirrors each channel's state to the API and relays
 * the signalling sockets, which stay in the API (they are its WebSocket connections).
 */
import {
  NotLiveError, StreamingUnavailableError, UnplayableOfferError, UnsupportedOfferError, ViewerLimitError, type EngineHooks, type StreamingEngine,
} from '@lp/streaming/server';
import type { IngestSettings } from './ingestEngine.ts';

/** The engine calls that cross to the ingest process, with their answers. */
export type IngestCalls = Pick<StreamingEngine, 'start' | 'configure' | 'stop' | 'watch' | 'leave' | 'close'>;
export type IngestCall = keyof IngestCalls;
/** The engine's hooks, every one answered by the API (they write the database). */
export type IngestHooks = Required<EngineHooks>;
export type IngestHook = keyof IngestHooks;

/** What the API reads of a channel without asking (Ingest's synchronous reads). */
export interface ChannelMirror {
  streamName: string;
  publishing: boolean;
  viewers: number;
  liveResource: string;
}

/** How often the ingest reports its event-loop delay. */
export const LOOP_REPORT_MS = 2000;

/** An error as it crossed: the classes the routes map to HTTP statuses keep their class. */
export type WireError =
  | { kind: 'unavailable' | 'not_live' | 'unsupported_offer' | 'unplayable_offer' | 'other'; message: string }
  | { kind: 'viewer_limit'; reason: ViewerLimitError['reason']; message: string };

type CallRequest = { [M in IngestCall]: { type: 'call'; id: number; method: M; args: Parameters<IngestCalls[M]> } }[IngestCall];
type HookRequest = { [H in IngestHook]: { type: 'hook'; id: number; hook: H; args: Parameters<IngestHooks[H]> } }[IngestHook];
type Settled = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** API → ingest */
export type ToIngest =
  | { type: 'settings'; settings: IngestSettings }
  | CallRequest
  | ({ type: 'hookSettled' } & Settled)
  /** a signalling socket's message (its first one opens the peer in the ingest) */
  | { type: 'peerMessage'; peer: number; text: string }
  | { type: 'peerClosed'; peer: number };

/** ingest → API */
export type FromIngest =
  /** the engine is built and takes calls */
  | { type: 'ready' }
  | ({ type: 'callSettled' } & Settled)
  | HookRequest
  /** a channel changed (null: it is stopped) */
  | { type: 'channel'; webcastId: number; channel: ChannelMirror | null }
  | { type: 'peerSend'; peer: number; text: string }
  | { type: 'peerClose'; peer: number }
  /** the ingest's own event-loop delay over the last LOOP_REPORT_MS (the publisher's ICE and the viewers' share that loop) */
  | { type: 'loopDelay'; p99Ms: number; maxMs: number }
  | { type: 'log'; level: 'info' | 'warn' | 'error' | 'debug'; data: Record<string, unknown>; msg: string };

export function toWire(error: unknown): WireError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ViewerLimitError) return { kind: 'viewer_limit', reason: error.reason, message };
  if (error instanceof StreamingUnavailableError) return { kind: 'unavailable', message };
  if (error instanceof NotLiveError) return { kind: 'not_live', message };
  if (error instanceof UnsupportedOfferError) return { kind: 'unsupported_offer', message };
  if (error instanceof UnplayableOfferError) return { kind: 'unplayable_offer', message };
  return { kind: 'other', message };
}

export function fromWire(wire: WireError): Error {
  switch (wire.kind) {
    case 'viewer_limit': return new ViewerLimitError(wire.reason, wire.message);
    case 'unavailable': return new StreamingUnavailableError(wire.message);
    case 'not_live': return new NotLiveError(wire.message);
    case 'unsupported_offer': return new UnsupportedOfferError(wire.message);
    case 'unplayable_offer': return new UnplayableOfferError(wire.message);
    case 'other': return new Error(wire.message);
  }
}

/**
 * Log fields as they can cross: errors as their message and stack (pino prints those), anything
 * else the structured clone cannot take (werift objects hold functions) as text.
 */
export function loggable(data: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof Error) out[key] = { type: value.name, message: value.message, stack: value.stack };
    else if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value) || value instanceof Date) out[key] = value;
    else {
      try {
        out[key] = structuredClone(value);
      } catch {
        out[key] = String(value);
      }
    }
  }
  return out;
}
