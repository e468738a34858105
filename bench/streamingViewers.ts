// Many WebRTC viewers of one webcast on one node, for bench/streaming.ts: protocol-level clients
// (werift peers, the streaming package's NodeViewer) that each POST a WHEP offer and hold the
// session, and the server process's CPU read from /proc while they watch.
import fs from 'node:fs';
import { NodeViewer } from '@lp/streaming/server';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The share of one core the process used over `ms` (1 = a whole core). */
export async function cpuShare(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (cpuSeconds(pid) - before) / ((Date.now() - started) / 1000);
}

export interface Crowd {
  /** the viewers whose offer was answered */
  viewers: NodeViewer[];
  /** of those, the ones a whole keyframe reached */
  playing: number;
  /** offers that failed, counted by reason */
  refused: Record<string, number>;
  /** ms from the first offer until every viewer had its first keyframe */
  allPlayingMs: number;
  close(): Promise<void>;
}

/** `count` viewers join through the WHEP address, a few at a time, each with its own ICE port. */
export async function joinCrowd(whepUrl: string, count: number, icePorts: [number, number]): Promise<Crowd> {
  const viewers: NodeViewer[] = [];
  const refused: Record<string, number> = {};
  const started = Date.now();
  const BATCH = 10;
  for (let i = 0; i < count; i += BATCH) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(BATCH, count - i) }, () => NodeViewer.start({
      icePortRange: icePorts,
      exchange: async (offer) => {
        const res = await fetch(whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: offer });
        if (res.status !== 201) throw new Error(`WHEP ${res.status}`);
        return res.text();
      },
    })));
    for (const result of batch) {
      if (result.status === 'fulfilled') viewers.push(result.value);
      else {
        const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
        refused[reason] = (refused[reason] ?? 0) + 1;
      }
    }
  }
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && viewers.some((v) => v.firstKeyframeAt === null && v.state !== 'failed' && v.state !== 'closed')) await new Promise((resolve) => setTimeout(resolve, 250));
  const playing = viewers.filter((v) => v.firstKeyframeAt !== null);
  return {
    viewers,
    playing: playing.length,
    refused,
    allPlayingMs: Math.max(0, ...playing.map((v) => v.firstKeyframeAt! - started)),
    close: async () => {
      await Promise.all(viewers.map((v) => v.close()));
    },
  };
}
