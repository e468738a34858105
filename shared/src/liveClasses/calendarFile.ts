/**
 * spec 3 §2 / issue "add to calendar": the .ics file of a live class, built where it is
 * downloaded (the portal) from the detail it already holds. The class's end "cannot be determined"
 * (spec 3 §9), so the event lasts the class's workload (at least 30 minutes).
 */
import { calendarFile } from '../calendarFile.ts';

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

export function liveClassIcs(event: LiveClassCalendarEvent, now: Date = new Date()): string {
  const minutes = Math.max(30, Math.round(event.workload * 60));
  const end = new Date(event.start.getTime() + minutes * 60_000);
  return calendarFile('live classes', [{ uid: `live-class-${event.id}@${event.host}`, start: event.start, end, title: event.title, url: event.url }], now);
}
