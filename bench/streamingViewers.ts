// Many WebRTC viewers of one webcast on one node, for bench/streaming.ts: a Chromium page whose
// peer connections each POST a WHEP offer and hold the session — or, refused, fetch the live HLS
// as a player would and offer again later (streamingCrowdPage.ts) — and the server processes' CPU
// and event-loop delay read while they watch.
import fs from 'node:fs';
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

/** The crowd, held by a Chromium page (streamingCrowdPage.ts); figures read from the page. */
export interface Crowd {
  snapshot(): Promise<CrowdSnapshot>;
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
 * portal player's delay, dropping HLS once the node takes it. Answers once every WebRTC member has
 * its first keyframe, or after a minute.
 */
export async function joinCrowd(page: Page, options: CrowdOptions): Promise<Crowd> {
  await page.evaluate((o) => {
    const w = window as unknown as CrowdWindow;
    w.crowd = w.startCrowd(o);
    return w.crowd.joined;
  }, { ...options, batch: BATCH });
  const crowd: Crowd = {
    snapshot: () => page.evaluate(() => (window as unknown as CrowdWindow).crowd.snapshot()),
    settle: () => page.evaluate(() => (window as unknown as CrowdWindow).crowd.settle()),
    close: () => page.evaluate(() => (window as unknown as CrowdWindow).crowd.close()),
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await crowd.snapshot()).waiting > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  return crowd;
}
