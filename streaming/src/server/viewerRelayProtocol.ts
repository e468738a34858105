/**
 * What the engine and a viewer relay process (viewerRelay.ts, viewerRelayEntry.ts) say to each
 * other: calls and events over the IPC channel, the publisher's RTP over a loopback UDP socket
 * (one datagram per packet and relay, never a structured-clone message per packet).
 */
import type { ForwardedMedia } from './viewer.ts';

export type ToRelay =
  /** the engine's socket the relay takes datagrams from (any other sender is ignored) */
  | { type: 'init'; senderPort: number }
  | {
    type: 'watch'; id: number; webcastId: number; media: ForwardedMedia; offer: string;
    icePortRange?: [number, number]; iceAddresses?: string[];
  }
  | { type: 'leave'; viewerId: string }
  | { type: 'close' };

export type FromRelay =
  /** the relay listens for datagrams on this loopback port */
  | { type: 'ready'; port: number }
  | { type: 'watched'; id: number; ok: true; viewerId: string; answer: string }
  | { type: 'watched'; id: number; ok: false; unplayable: boolean; message: string }
  | { type: 'connected'; viewerId: string }
  /** the viewer's connection failed or closed by itself */
  | { type: 'closed'; viewerId: string }
  /** a viewer needs a keyframe (it joined, or it lost pictures) */
  | { type: 'keyframe'; viewerId: string }
  /** the relay's event-loop delay (loopPressure.ts), every RELAY_REPORT_MS */
  | { type: 'pressure'; delayMs: number }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; data: Record<string, unknown>; msg: string };

/** How often a relay reports its loop's delay; a relay silent for longer is counted as that late. */
export const RELAY_REPORT_MS = 500;

const KINDS = ['video', 'audio'] as const;
/** kind (1 byte), webcast id (uint32), then the RTP packet as received */
const HEADER_BYTES = 5;

/** One publisher packet for a relay. */
export function relayDatagram(webcastId: number, kind: 'audio' | 'video', rtp: Buffer): Buffer {
  const datagram = Buffer.allocUnsafe(HEADER_BYTES + rtp.length);
  datagram[0] = KINDS.indexOf(kind);
  datagram.writeUInt32BE(webcastId, 1);
  rtp.copy(datagram, HEADER_BYTES);
  return datagram;
}

/** A relay's reading of a datagram; null for anything that is not one of ours. */
export function readRelayDatagram(datagram: Buffer): { webcastId: number; kind: 'audio' | 'video'; rtp: Buffer } | null {
  if (datagram.length <= HEADER_BYTES + 12) return null;
  const kind = KINDS[datagram[0]!];
  if (!kind) return null;
  // RTP version 2
  if (datagram[HEADER_BYTES]! >> 6 !== 2) return null;
  return { webcastId: datagram.readUInt32BE(1), kind, rtp: datagram.subarray(HEADER_BYTES) };
}
