/**
 * Honest completion of a module (spec 2 §4.7 "watched", "finished"; issue 24 item 3): what each
 * kind of module needs before it is done, judged from what its player reports and from the
 * server's own clock. The portal's players build their reports with these rules and the server
 * judges every report with `judgeModuleReport` — one rule, so a crafted request cannot do what
 * the player itself would not.
 *
 * - video, audio: a share of the medium played for real (WATCHED_PERCENT), counted as the union of
 *   the time ranges actually played — seeking ahead adds nothing;
 * - pdf: its last page shown;
 * - HTML package: the package says so (`lp-package` message), or MIN_VIEW_SECONDS with it loaded;
 * - YouTube and Vimeo: as a video, from the provider's player events, or MIN_VIEW_SECONDS visible
 *   where the provider tells nothing; SlideShare: MIN_VIEW_SECONDS visible;
 * - PowerPoint and other files: downloaded;
 * - SCORM: the package's own CMI status (scorm.ts);
 * and none of them before the module was opened — its content shown loaded — on the server's clock.
 */
import type { ModuleKind } from '../contract/learner.ts';
import { WATCHED_PERCENT } from './player.ts';

/** A played stretch of a medium, in seconds from its start: [start, end]. */
export type PlayedRange = readonly [start: number, end: number];

/** The fastest speed the players offer (portal video-player engine `playbackRates`). */
export const MAX_PLAYBACK_RATE = 2;
/**
 * Leeway of the server's clock over a whole session (the delays of the requests): played time
 * may be reported this many seconds of clock sooner than MAX_PLAYBACK_RATE allows.
 */
export const PLAY_SLACK_SECONDS = 5;
/** Two samples of a playing medium further apart than real time allows are a seek, not playing. */
export const SAMPLE_TOLERANCE_SECONDS = 0.5;
/** HTML packages that report nothing, and embeds whose provider tells nothing: time shown loaded. */
export const MIN_VIEW_SECONDS = 30;
/** The server's measure of that time may be shorter than the player's by the requests' delays. */
export const VIEW_TIME_TOLERANCE_SECONDS = 2;
/** A report carries at most this many ranges (a player merges its own as it goes). */
export const MAX_REPORTED_RANGES = 200;
/** No medium of a training is longer than a day: anything past that is not a position. */
export const MAX_MEDIA_SECONDS = 86_400;

// ranges closer than this are one (the players' samples come every ~250 ms)
const JOIN_GAP = 0.25;

/**
 * The union of played ranges, sorted, overlapping or touching ones joined, clipped to
 * [0, duration] when the duration is known; empty or reversed ranges are dropped.
 */
export function mergeRanges(ranges: readonly PlayedRange[], duration?: number | null): PlayedRange[] {
  const end = duration && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const clipped = ranges
    .map(([a, b]): [number, number] => [Math.max(0, a), Math.min(end, b)])
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of clipped) {
    const last = out.at(-1);
    if (last && a <= last[1] + JOIN_GAP) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out.map(([a, b]) => [round(a), round(b)] as const);
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** Seconds covered by merged ranges. */
export function playedSeconds(ranges: readonly PlayedRange[]): number {
  return ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
}

/** The share of the medium played, 0–100 (rounded down: 89.9 % is not yet 90 %). */
export function watchedPercent(ranges: readonly PlayedRange[], duration: number | null | undefined): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(100, Math.floor((playedSeconds(mergeRanges(ranges, duration)) / duration) * 100 + 1e-9));
}

/** Where a playing medium was at one moment: its position (s) and a clock reading (ms). */
export interface PlaySample {
  position: number;
  at: number;
}

/**
 * Follows a medium from one sample to the next: the stretch between two samples of a medium
 * playing all along counts as played when it moved forward no faster than real time allows
 * (MAX_PLAYBACK_RATE); a jump (seeking ahead or back) or a pause counts nothing. Returns the
 * ranges with the stretch added and the sample to continue from (null when not playing).
 */
export function addPlayedSample(
  ranges: readonly PlayedRange[], previous: PlaySample | null, sample: PlaySample, playing: boolean,
): { ranges: PlayedRange[]; cursor: PlaySample | null } {
  let next = [...ranges];
  if (previous && playing) {
    const moved = sample.position - previous.position;
    const elapsed = Math.max(0, sample.at - previous.at) / 1000;
    if (moved > 0 && moved <= elapsed * MAX_PLAYBACK_RATE + SAMPLE_TOLERANCE_SECONDS) {
      next = mergeRanges([...next, [previous.position, sample.position]]);
    }
  }
  return { ranges: next, cursor: playing ? sample : null };
}

/** How each kind of module completes (the header of this file). */
export type CompletionRule = 'watched' | 'last_page' | 'package_or_time' | 'watched_or_time' | 'time' | 'download' | 'scorm';

export function completionRuleOf(kind: ModuleKind): CompletionRule {
  switch (kind) {
    case 'video':
    case 'audio':
      return 'watched';
    case 'pdf':
      return 'last_page';
    case 'html':
      return 'package_or_time';
    case 'youtube':
    case 'vimeo':
      return 'watched_or_time';
    case 'slideshare':
      return 'time';
    case 'scorm':
      return 'scorm';
    default:
      return 'download';
  }
}

/** What a player reports about a module (the wire's ModuleProgressBody, and a SCORM commit). */
export type ModuleReport =
  /** the content is shown, loaded: the session starts on the server's clock */
  | { event: 'opened' }
  /** media: the ranges played in this session, the duration the player knows, where it is now */
  | { event: 'played'; played: readonly PlayedRange[]; duration: number; position_seconds: number }
  /** pdf: the page shown, of how many */
  | { event: 'page'; page: number; pages: number }
  /** the package said so, the minimum time passed shown, or the file was downloaded */
  | { event: 'completed'; by: 'package' | 'time' | 'download' }
  /** SCORM: what the committed CMI says (scormOutcome) */
  | { event: 'cmi'; finished: boolean; percent: number | null };

/** What the server keeps of a learner's module between reports. */
export interface ModuleProgressState {
  /** the latest opening (ms on the server's clock); null when never opened since the last restart */
  openedAt: number | null;
  /** media: the server time the played seconds so far could have been played by, at the fastest */
  playClock: number | null;
  played: readonly PlayedRange[];
  /** media: the duration the share is counted on, once known */
  duration: number | null;
  /** pdf: the page count, once reported, and the furthest page shown */
  pages: number | null;
  page: number;
  percent: number;
  finished: boolean;
}

export type ModuleReportRefusal = 'module_not_opened' | 'module_progress_not_consistent';

export type ModuleJudgement =
  | { ok: false; code: ModuleReportRefusal }
  | {
    ok: true;
    /** what to keep (the fields that change) */
    state: Partial<ModuleProgressState>;
    percent: number;
    finishes: boolean;
    position: number | null;
  };

const refuse = (code: ModuleReportRefusal): ModuleJudgement => ({ ok: false, code });
const MS = 1000;

/**
 * Judges one report against what the server knows (`state`), at `now` (ms, the server's clock).
 * `knownDuration`: the medium's duration read from the stored file, when the server has it; the
 * player's word is taken only where it has not (an embed), and then kept for good.
 *
 * Refused: anything but an opening before the module was opened (`module_not_opened`); a report
 * of another kind's rule, a page count that changed, a minimum time not yet passed since the
 * opening, and played time that the server's clock cannot account for — more than
 * MAX_PLAYBACK_RATE × the time since the opening (and since what was played before), with
 * PLAY_SLACK_SECONDS of leeway for the whole session (`module_progress_not_consistent`).
 */
export function judgeModuleReport(
  kind: ModuleKind, state: ModuleProgressState, report: ModuleReport, now: number, knownDuration: number | null = null,
): ModuleJudgement {
  const rule = completionRuleOf(kind);
  const kept = (percent: number, finishes: boolean, changes: Partial<ModuleProgressState> = {}, position: number | null = null): ModuleJudgement => ({
    ok: true, state: changes, percent: state.finished ? 100 : percent, finishes: state.finished || finishes, position,
  });
  if (report.event === 'opened') return kept(state.percent, false, { openedAt: now });
  if (state.openedAt === null) return refuse('module_not_opened');
  const openedAt = state.openedAt;

  switch (report.event) {
    case 'played': {
      if (rule !== 'watched' && rule !== 'watched_or_time') return refuse('module_progress_not_consistent');
      let duration = knownDuration ?? state.duration;
      if (duration === null) duration = report.duration;
      // an embed's duration, once told, is the one its share is counted on
      else if (knownDuration === null && Math.abs(report.duration - duration) > Math.max(1, duration * 0.02)) return refuse('module_progress_not_consistent');
      const before = mergeRanges(state.played, duration);
      const after = mergeRanges([...before, ...report.played], duration);
      const added = playedSeconds(after) - playedSeconds(before);
      const clock = Math.max(state.playClock ?? openedAt, openedAt) + (added / MAX_PLAYBACK_RATE) * MS;
      if (clock > now + PLAY_SLACK_SECONDS * MS) return refuse('module_progress_not_consistent');
      const percent = Math.max(state.percent, watchedPercent(after, duration));
      return kept(percent, percent >= WATCHED_PERCENT, { played: after, playClock: clock, duration }, Math.min(report.position_seconds, duration));
    }
    case 'page': {
      if (rule !== 'last_page' || report.page > report.pages) return refuse('module_progress_not_consistent');
      if (state.pages !== null && state.pages !== report.pages) return refuse('module_progress_not_consistent');
      const page = Math.max(state.page, report.page);
      return kept(Math.max(state.percent, Math.floor((page * 100) / report.pages)), page === report.pages, { pages: report.pages, page });
    }
    case 'completed': {
      const allowed = report.by === 'package' ? rule === 'package_or_time'
        : report.by === 'time' ? rule === 'package_or_time' || rule === 'watched_or_time' || rule === 'time'
          : rule === 'download';
      if (!allowed) return refuse('module_progress_not_consistent');
      if (report.by === 'time' && now - openedAt < (MIN_VIEW_SECONDS - VIEW_TIME_TOLERANCE_SECONDS) * MS) return refuse('module_progress_not_consistent');
      return kept(100, true);
    }
    case 'cmi':
      if (rule !== 'scorm') return refuse('module_progress_not_consistent');
      return kept(Math.max(state.percent, report.percent ?? 0), report.finished);
  }
}

/**
 * What an HTML package's page posts to the portal that frames it (server contentOrigin/packageBridge.js,
 * or the package itself): it is shown, loaded; it is completed.
 */
export interface PackageFrameMessage {
  type: 'lp-package';
  kind: 'loaded' | 'completed';
}

export function isPackageFrameMessage(data: unknown): data is PackageFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return message.type === 'lp-package' && (message.kind === 'loaded' || message.kind === 'completed');
}
