import { describe, expect, it } from 'vitest';
import { liveClassIcs } from './calendarFile.ts';

describe('live class .ics (add to calendar)', () => {
  const event = { id: 7, title: 'Vendas; módulo 1, parte A', start: new Date('2027-03-10T22:00:00Z'), workload: 1.5, url: 'https://lp.example.com/live_classes/7', host: 'lp.example.com' };

  it('writes one VEVENT in UTC lasting the workload, with escaped text and CRLF lines', () => {
    const ics = liveClassIcs(event, new Date('2027-03-01T12:00:00Z'));
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//learning-platform//live classes//EN', 'CALSCALE:GREGORIAN', 'BEGIN:VEVENT',
      'UID:live-class-7@lp.example.com', 'DTSTAMP:20270301T120000Z', 'DTSTART:20270310T220000Z', 'DTEND:20270310T233000Z',
      'SUMMARY:Vendas\\; módulo 1\\, parte A', 'URL:https://lp.example.com/live_classes/7', 'END:VEVENT', 'END:VCALENDAR', '',
    ]);
  });

  it('lasts at least 30 minutes and folds long lines at 75 octets', () => {
    const ics = liveClassIcs({ ...event, workload: 0, title: 'á'.repeat(60) });
    expect(ics).toContain('DTEND:20270310T223000Z');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n á');
  });
});
