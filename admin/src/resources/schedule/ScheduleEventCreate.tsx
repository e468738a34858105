import { useMemo } from 'react';
import { Create } from 'react-admin';
import { ScheduleEventForm } from './ScheduleEventForm.tsx';
import { newScheduleEventValues, scheduleEventPayload } from './scheduleEventPayload.ts';

/** spec 1 §2.3 schedule/create: a new calendar item, in the admin's own zone to start with. */
export function ScheduleEventCreate() {
  const record = useMemo(() => newScheduleEventValues(), []);
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => scheduleEventPayload(data)}>
      <ScheduleEventForm record={record} />
    </Create>
  );
}

export default ScheduleEventCreate;
