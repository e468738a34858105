// Many WebRTC viewers of one webcast on one node, for bench/streaming.ts: a Chromium page whose
// peer connections each POST a WHEP offer and hold the session — or, refused, play HLS (fetched
// from here as a player would) and offer again later (streamingCrowdPage.ts) — and the server
// processes' CPU and event-loop delay read while they watch.
import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'puppeteer-core';
import type { CrowdSnapshot, startCrowd } from './streamingCrowdPage.ts';

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

/** The process ids of `pid`'s descendants, `pid` first. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // it ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * Every thread of `pid` and its descendants at a lower priority: the browsers stand in for the
 * publisher's and the learners' own machines, so on this one they yield the CPU to the server
 * (processes they start later inherit it). Answers how many threads were set.
 */
export function yieldCpu(pid: number, niceness: number): number {
  let set = 0;
  for (const id of processTree(pid)) {
    let threads: string[];
    try {
      threads = fs.readdirSync(`/proc/${id}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        os.setPriority(Number(thread), niceness);
        set += 1;
      } catch {
        // it ended meanwhile
      }
    }
  }
  return set;
}

/** The children of `parentPid` whose command line names `entry` (a child process's entry file). */
function childrenRunning(parentPid: number, entry: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parentPid) continue;
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) found.push(Number(pid));
    } catch {
      // it ended meanwhile
    }
  }
  return found;
}

/** The API's ingest process (STREAMING_ENGINE=process), or null when the engine runs inline. */
export function ingestProcessOf(serverPid: number): number | null {
  return childrenRunning(serverPid, 'ingestProcessEntry')[0] ?? null;
}

/** The viewer relay processes (STREAMING_VIEWER_PROCESSES) of the process that runs the engine. */
export function viewerRelaysOf(enginePid: number): number[] {
  return childrenRunning(enginePid, 'viewerRelayEntry');
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

/** A crowd member playing HLS: the live playlist every segment, and each new segment. */
class HlsPoller {
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly seen = new Set<string>();
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

export type CrowdFigures = CrowdSnapshot & { hlsSegments: number };

/**
 * The crowd, held by a Chromium page (streamingCrowdPage.ts): its WebRTC members there, and as
 * many HLS players here as the page has members on HLS (a page's fetches share six connections).
 */
export interface Crowd {
  snapshot(): Promise<CrowdFigures>;
  /** stops retrying (the counts hold still while the load is measured) */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface CrowdOptions {
  whepUrl: string;
  hlsUrl: string;
  count: number;
  segmentSeconds: number;
}

/** Offers made at once while the crowd joins (the node takes STREAMING_WEBRTC_JOINING at a time). */
const BATCH = 10;

type CrowdWindow = { crowd: ReturnType<typeof startCrowd>; startCrowd: typeof startCrowd };

/**
 * `count` viewers join through the WHEP address from `page` (a page on the server's origin whose
 * script has `startCrowd`), a few at a time. A refused one plays HLS and offers again after the
 * portal player's delay, dropping HLS once the node takes it. Answers once every member has offered
 * and every WebRTC member has its first keyframe, or a minute after the last first offer.
 */
export async function joinCrowd(page: Page, options: CrowdOptions): Promise<Crowd> {
  await page.evaluate((o) => {
    const w = window as unknown as CrowdWindow;
    w.crowd = w.startCrowd(o);
  }, { whepUrl: options.whepUrl, count: options.count, batch: BATCH });
  const served = { segments: 0 };
  const players: HlsPoller[] = [];
  const read = () => page.evaluate(() => (window as unknown as CrowdWindow).crowd.snapshot());
  // the HLS players follow the page's count each second
  const follow = setInterval(() => void read().then((now) => {
    while (players.length < now.hls) players.push(new HlsPoller(options.hlsUrl, options.segmentSeconds * 1000, served));
    while (players.length > now.hls) players.pop()!.stop();
  }, () => undefined), 1000);
  const crowd: Crowd = {
    snapshot: async () => ({ ...(await read()), hlsSegments: served.segments }),
    settle: () => page.evaluate(() => (window as unknown as CrowdWindow).crowd.settle()),
    close: async () => {
      clearInterval(follow);
      for (const player of players.splice(0)) player.stop();
      await page.evaluate(() => (window as unknown as CrowdWindow).crowd.close());
    },
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  while (!(await crowd.snapshot()).joined) await sleep(500);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await crowd.snapshot()).waiting > 0) await sleep(250);
  return crowd;
}
