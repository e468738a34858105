/**
 * An RFC 5545 (.ics) calendar, the one writer behind every "add to calendar" (live classes,
 * face-to-face trainings): UTC times, escaped text, lines folded at 75 octets.
 */
export interface CalendarFileEvent {
  /** globally unique, e.g. `live-class-{id}@{host}` */
  uid: string;
  start: Date;
  end: Date;
  title: string;
  location?: string;
  /** the content's page, opened from the calendar entry */
  url: string;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 lines are folded at 75 octets; a continuation starts with a space. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `product` names the writer in PRODID; `publish` adds METHOD:PUBLISH (a calendar of several events). */
export function calendarFile(product: string, events: readonly CalendarFileEvent[], now: Date, { publish = false } = {}): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//learning-platform//${product}//EN`, 'CALSCALE:GREGORIAN', ...(publish ? ['METHOD:PUBLISH'] : [])];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${text(e.title)}`,
      ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
      `URL:${e.url}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
