/**
 * spec 3 §2 / issue "add to calendar": the .ics file of a live class, built where it is
 * downloaded (the portal) from the detail it already holds. The class's end "cannot be determined"
 * (spec 3 §9), so the event lasts the class's workload (at least 30 minutes).
 */
export interface LiveClassCalendarEvent {
  id: number;
  title: string;
  /** the start, UTC */
  start: Date;
  /** hours */
  workload: number;
  /** the class's page, opened from the calendar entry */
  url: string;
  /** the host of the portal: the event's unique id is `live-class-{id}@{host}` */
  host: string;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 lines are folded at 75 octets; a continuation starts with a space. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (new TextEncoder().encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function liveClassIcs(event: LiveClassCalendarEvent, now: Date = new Date()): string {
  const minutes = Math.max(30, Math.round(event.workload * 60));
  const end = new Date(event.start.getTime() + minutes * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//learning-platform//live classes//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:live-class-${event.id}@${event.host}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(end)}`,
    `SUMMARY:${text(event.title)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].map(fold).join('\r\n') + '\r\n';
}
