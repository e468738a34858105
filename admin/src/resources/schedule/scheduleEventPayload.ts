import type { ScheduleEvent, ScheduleEventInput } from '@lp/shared/contract';
import { guessTimezone, isValidTimezone, parseDateTime, toApiDateTime, toPickerDateTime, validateScheduleEvent } from '@lp/shared/rules';
import { translatedErrors } from '../../common/editor/index.ts';

/** The form's values: the time as the picker holds it (`date_local`, a wall clock of `time_zone`). */
export type ScheduleEventFormValues = {
  id?: number;
  title: string;
  description: string;
  date_local: string;
  time_zone: string;
  link: string;
  areas: number[];
  profiles: number[];
  user_groups: number[];
};

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A new item: no time yet, the admin's own zone (docs/dates.md guessTimezone). */
export const newScheduleEventValues = (timeZone = guessTimezone()): ScheduleEventFormValues => ({
  title: '', description: '', date_local: '', time_zone: timeZone, link: '', areas: [], profiles: [], user_groups: [],
});

/** The stored item as the form shows it: its instant on the wall clock of its own zone. */
export function scheduleEventFormValues(event: ScheduleEvent): ScheduleEventFormValues {
  const at = parseDateTime(event.starts_at);
  return {
    id: event.id, title: event.title, description: event.description, date_local: at ? toPickerDateTime(at, event.time_zone) : '',
    time_zone: event.time_zone, link: event.link, areas: event.areas, profiles: event.profiles, user_groups: event.user_groups,
  };
}

/** The picked wall clock in the chosen zone, or null while either is missing. */
function instantOf(values: Record<string, unknown>): Date | null {
  const zone = text(values.time_zone);
  const local = text(values.date_local);
  return local && isValidTimezone(zone) ? parseDateTime(local, zone) : null;
}

/** Form values → the JSON body of POST / PUT …/events/ (only the contract's input fields). */
export function scheduleEventPayload(values: Record<string, unknown>): ScheduleEventInput {
  const zone = text(values.time_zone).trim();
  const at = instantOf(values);
  return {
    title: text(values.title).trim(),
    description: text(values.description).trim(),
    starts_at: at ? toApiDateTime(at, zone) : '',
    time_zone: zone,
    link: text(values.link).trim(),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** The shared rules on the form (the server checks the same); the time's error shows on the picker. */
export function validateScheduleEventForm(values: Record<string, unknown>): Record<string, string> {
  const body = scheduleEventPayload(values);
  const { starts_at: startsAt, ...errors } = validateScheduleEvent(body);
  return translatedErrors({ ...errors, ...(startsAt ? { date_local: startsAt } : {}) });
}
