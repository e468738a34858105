/**
 * Time zones (spec 1 §9: times are shown in the user's timezone, the default conversion zone is
 * Etc/GMT; spec 4 "Dates": timezone options). Offsets come from @date-fns/tz; the one rule that is
 * ours is which instant a wall-clock time names when a clock change skips or repeats it.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

/** spec 1 §9: the zone dates are converted in when no other is known. */
export const DEFAULT_TIME_ZONE = 'Etc/GMT';

/**
 * Zones found valid. Every date formatted checks its zone, and building an Intl.DateTimeFormat
 * to check costs more than the formatting (a twelfth of a test start's CPU on the server); the
 * runtime's zones are a few hundred names, so the valid ones are remembered (invalid ones are
 * not: they are rare and could be anything).
 */
const knownZones = new Set<string>();

/** Whether the runtime knows the IANA zone (a bare offset such as '-03:00' is not a zone to store). */
export function isValidTimezone(zone: string | null | undefined): zone is string {
  if (!zone || typeof zone !== 'string' || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  try {
    // throws RangeError for a zone the runtime's time zone data does not hold
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** `zone` when the runtime knows it, otherwise `fallback`. */
export const zoneOr = (zone: string | null | undefined, fallback = DEFAULT_TIME_ZONE): string => (isValidTimezone(zone) ? zone : fallback);

const runtimeZone = (): string | undefined => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone times are shown in (spec 1 §9): `preferred` when valid, else the browser's, else
 * Etc/GMT. The session carries no timezone of the user, so the browser's stands in for it.
 */
export function userTimeZone(preferred?: string | null): string {
  if (isValidTimezone(preferred)) return preferred;
  return zoneOr(runtimeZone());
}

/** The browser's zone as an option of the timezone list (spec 2 §5.9 default of a new webcast); UTC when it cannot tell. */
export function guessTimezone(): string {
  return zoneOr(runtimeZone(), 'UTC');
}

/** Minutes the zone is ahead of UTC at that instant (−180 for America/Sao_Paulo); whole minutes, as the API writes them. */
export function timezoneOffsetMinutes(zone: string, at: Date): number {
  return Math.round(tzOffset(zone, at));
}

/** '+05:30', '-03:00', '+00:00' (spec 1 §9 'YYYY-MM-DDTHH:mm:ssZ': the API always writes the offset). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface TimezoneOption {
  /** the IANA zone name (what is stored) */
  value: string;
  /** '(GMT-03:00) America/Sao_Paulo' */
  label: string;
  /** minutes ahead of UTC at the time the list was made */
  offset: number;
}

/**
 * spec 4 "Dates": "timezone options are every zone, sorted by UTC offset and labelled
 * '(GMT±hh:mm) Zone'". Offsets are those in force at `at` (daylight saving moves them).
 */
export function timezoneOptions(at: Date = new Date()): TimezoneOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones]
    .map((value) => {
      const offset = timezoneOffsetMinutes(value, at);
      return { value, offset, label: `(GMT${formatOffset(offset)}) ${value}` };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}

/** A wall-clock time: what a clock on the wall of a zone reads. */
export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond?: number;
}

const HOUR_MS = 3_600_000;
const offsetMs = (zone: string, at: number) => Math.round(tzOffset(zone, new Date(at)) * 60) * 1000;

/**
 * The instant a wall-clock time in `zone` names. When a clock change repeats it (the hour after
 * summer time ends) it is the earlier of the two; when a clock change skips it (the hour summer
 * time begins) it is moved forward by the gap, as a clock set to it would show it — the same
 * choice as Temporal's 'compatible'. Independent of the machine's own zone.
 */
export function fromWallClock(wall: WallClock, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond ?? 0);
  // no zone changes its offset twice within a day: the offsets either side are the only candidates
  const before = offsetMs(zone, asUtc - 24 * HOUR_MS);
  const after = offsetMs(zone, asUtc + 24 * HOUR_MS);
  const candidates = [asUtc - before, asUtc - after].filter((at) => at + offsetMs(zone, at) === asUtc);
  if (candidates.length) return new Date(Math.min(...candidates));
  // skipped: read it with the offset in force before the change
  return new Date(asUtc - before);
}
