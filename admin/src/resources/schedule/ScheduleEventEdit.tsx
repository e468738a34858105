import { Edit, useRecordContext } from 'react-admin';
import type { ScheduleEvent } from '@lp/shared/contract';
import { ScheduleEventForm } from './ScheduleEventForm.tsx';
import { scheduleEventFormValues, scheduleEventPayload } from './scheduleEventPayload.ts';

function LoadedForm() {
  const record = useRecordContext<ScheduleEvent>();
  return record ? <ScheduleEventForm record={scheduleEventFormValues(record)} edit /> : null;
}

/** spec 1 §2.3 schedule/{id}: read, save or delete one calendar item; back to the month grid after. */
export function ScheduleEventEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data: Record<string, unknown>) => scheduleEventPayload(data)}>
      <LoadedForm />
    </Edit>
  );
}

export default ScheduleEventEdit;
