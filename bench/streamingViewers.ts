// Many WebRTC viewers of one webcast on one node, for bench/streaming.ts: protocol-level clients
// (werift peers, the streaming package's NodeViewer) that each POST a WHEP offer and hold the
// session — or, refused, fetch the live HLS as a player would and offer again later — and the
// server process's CPU read from /proc while they watch.
import fs from 'node:fs';
import { NodeViewer } from '@lp/streaming/server';
import { parseRetryAfter, retryDelay } from '../portal/src/components/video-player/webrtcRetry.ts';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The share of one core the processes used together over `ms` (1 = a whole core). */
export async function cpuShare(pids: number[], ms: number): Promise<number> {
  const used = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = used();
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (used() - before) / ((Date.now() - started) / 1000);
}

/** The server's ingest process (STREAMING_ENGINE=process), null when the engine runs in the server itself. */
export function ingestProcessOf(serverPid: number): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== serverPid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('ingestProcessEntry')) return Number(entry);
    } catch {
      // it ended meanwhile
    }
  }
  return null;
}

/**
 * The API's event-loop delay since the previous call, in ms (prom-client's figures at /metrics,
 * which a scrape resets; the bench's server answers /metrics on loopback): how long a request
 * waited for the loop at worst while the crowd joined.
 */
export async function apiLoopDelay(origin: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  return { p99: gauge('nodejs_eventloop_lag_p99_seconds'), max: gauge('nodejs_eventloop_lag_max_seconds') };
}

/**
 * The ingest process's own event-loop delay (STREAMING_ENGINE=process), worst of its 2 s reports
 * while this runs: the loop the publisher's ICE consent shares with every viewer's peer. Read
 * from the API's /metrics every two seconds; `stop` gives the worst p99 and max (null inline).
 */
export function ingestLoopWatch(origin: string): { stop(): { p99: number; max: number } | null } {
  let worst: { p99: number; max: number } | null = null;
  const read = async () => {
    const text = await (await fetch(`${origin}/metrics`)).text();
    const stat = (name: string) => Number(new RegExp(`^streaming_ingest_event_loop_delay_seconds\\{stat="${name}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    const p99 = stat('p99');
    const max = stat('max');
    if (Number.isFinite(p99)) worst = { p99: Math.max(worst?.p99 ?? 0, p99), max: Math.max(worst?.max ?? 0, max) };
  };
  const timer = setInterval(() => void read().catch(() => undefined), 2000);
  return {
    stop() {
      clearInterval(timer);
      return worst;
    },
  };
}

/** A viewer refused over WebRTC plays HLS: the live playlist every segment, and each new segment. */
class HlsPoller {
  private timer: ReturnType<typeof setInterval>;
  private seen = new Set<string>();
  private started = false;

  constructor(private readonly playlistUrl: string, everyMs: number, private readonly served: { segments: number }) {
    this.timer = setInterval(() => void this.poll().catch(() => undefined), everyMs);
    void this.poll().catch(() => undefined);
  }

  private async poll() {
    const res = await fetch(this.playlistUrl);
    if (!res.ok) return;
    const uris = (await res.text()).split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
    const fresh = uris.filter((uri) => !this.seen.has(uri));
    for (const uri of fresh) this.seen.add(uri);
    // a player starts three segments behind the edge (the portal's liveSyncDurationCount)
    const wanted = this.started ? fresh : fresh.slice(-3);
    this.started = true;
    for (const uri of wanted) {
      const segment = await fetch(new URL(uri, this.playlistUrl));
      await segment.arrayBuffer();
      if (segment.ok) this.served.segments += 1;
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}

/** One member of the crowd: WebRTC when the node takes its offer, HLS meanwhile, retrying as the portal's player does. */
interface Member {
  webrtc: NodeViewer | null;
  hls: HlsPoller | null;
  retry: ReturnType<typeof setTimeout> | undefined;
}

export interface Crowd {
  /** the members playing (or connecting over) WebRTC now */
  viewers: NodeViewer[];
  /** of those, the ones a whole keyframe reached */
  playing: number;
  /** the members playing HLS now (refused, not yet back on WebRTC) */
  hls: number;
  /** HLS segments the HLS members fetched so far */
  hlsSegments: number;
  /** WebRTC sessions that ended after being answered (a publish session ended): each went to HLS and offered again */
  drops: number;
  /** first offers that failed, counted by reason (each then played HLS) */
  refused: Record<string, number>;
  /** offers made again after a refusal, and how many of those the node took */
  retries: { offered: number; taken: number };
  /** ms from the first offer until every WebRTC viewer had its first keyframe */
  allPlayingMs: number;
  /** stops retrying (the counts hold still while the load is measured) */
  settle(): void;
  close(): Promise<void>;
}

export interface CrowdOptions {
  whepUrl: string;
  hlsUrl: string;
  count: number;
  icePorts: [number, number];
  segmentSeconds: number;
}

/**
 * `count` viewers join through the WHEP address, a few at a time, each with its own ICE port. A
 * refused one plays HLS and offers again after the portal player's delay (its Retry-After, the
 * backoff and the jitter of webrtcRetry.ts), dropping HLS once the node takes it.
 */
export async function joinCrowd({ whepUrl, hlsUrl, count, icePorts, segmentSeconds }: CrowdOptions): Promise<Crowd> {
  const members: Member[] = [];
  const refused: Record<string, number> = {};
  const retries = { offered: 0, taken: 0 };
  const served = { segments: 0 };
  let drops = 0;
  let settled = false;
  const started = Date.now();

  function fallBack(member: Member, attempt: number, answered: Response | null) {
    member.hls ??= new HlsPoller(hlsUrl, segmentSeconds * 1000, served);
    if (settled) return;
    const asked = parseRetryAfter(answered?.headers.get('retry-after') ?? null);
    member.retry = setTimeout(() => {
      if (settled) return;
      retries.offered += 1;
      void offer(member, attempt + 1);
    }, retryDelay(attempt, asked));
  }

  async function offer(member: Member, attempt: number): Promise<void> {
    const answer: { res: Response | null } = { res: null };
    try {
      member.webrtc = await NodeViewer.start({
        icePortRange: icePorts,
        exchange: async (sdp) => {
          answer.res = await fetch(whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: sdp });
          if (answer.res.status !== 201) throw new Error(`WHEP ${answer.res.status}`);
          return answer.res.text();
        },
      });
      if (attempt > 0) retries.taken += 1;
      member.hls?.stop();
      member.hls = null;
    } catch (error) {
      if (attempt === 0) {
        const reason = error instanceof Error ? error.message : String(error);
        refused[reason] = (refused[reason] ?? 0) + 1;
      }
      fallBack(member, attempt, answer.res);
    }
  }

  // a session that ends (the publish session it forwarded ended) falls back to HLS and offers again, as the player does
  const watchdog = setInterval(() => {
    for (const member of members) {
      if (!member.webrtc || (member.webrtc.state !== 'failed' && member.webrtc.state !== 'closed')) continue;
      drops += 1;
      void member.webrtc.close();
      member.webrtc = null;
      fallBack(member, 0, null);
    }
  }, 1000);

  const BATCH = 10;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (): Member => ({ webrtc: null, hls: null, retry: undefined }));
    members.push(...batch);
    await Promise.all(batch.map((member) => offer(member, 0)));
  }
  const webrtc = () => members.flatMap((m) => (m.webrtc ? [m.webrtc] : []));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && webrtc().some((v) => v.firstKeyframeAt === null && v.state !== 'failed' && v.state !== 'closed')) await new Promise((resolve) => setTimeout(resolve, 250));
  return {
    get viewers() {
      return webrtc();
    },
    get playing() {
      return webrtc().filter((v) => v.firstKeyframeAt !== null).length;
    },
    get hls() {
      return members.filter((m) => m.hls).length;
    },
    get hlsSegments() {
      return served.segments;
    },
    get drops() {
      return drops;
    },
    refused,
    retries,
    get allPlayingMs() {
      return Math.max(0, ...webrtc().flatMap((v) => (v.firstKeyframeAt === null ? [] : [v.firstKeyframeAt - started])));
    },
    settle() {
      settled = true;
      for (const member of members) clearTimeout(member.retry);
    },
    close: async () => {
      settled = true;
      clearInterval(watchdog);
      for (const member of members) {
        clearTimeout(member.retry);
        member.hls?.stop();
      }
      await Promise.all(webrtc().map((v) => v.close()));
    },
  };
}
