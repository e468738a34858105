import { useMemo } from 'react';
import {
  PRESENTIAL_PATHS, type Appointment, type AppointmentAction, type AppointmentActionBody, type AppointmentInputs, type CreatedId, type EnrollBody,
  type EnrollResult,
} from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

/** The appointment's verbs that are not record CRUD (docs/api.md "Face-to-face trainings"). */
export function useAppointmentActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** spec 3 §4: POST A/{action}/ — each behind its own key; reprove and cancel carry the reason */
    act: (id: number, action: AppointmentAction, note?: string) => {
      const body: AppointmentActionBody = note ? { note } : {};
      return http.json<Appointment>(PRESENTIAL_PATHS.action(id, action), 'POST', body);
    },
    duplicate: (id: number) => http.json<CreatedId>(PRESENTIAL_PATHS.duplicate(id), 'POST'),
    saveAsTemplate: (id: number) => http.json<CreatedId>(PRESENTIAL_PATHS.saveAsTemplate(id), 'POST'),
    fromTemplate: (id: number) => http.json<CreatedId>(PRESENTIAL_PATHS.fromTemplate(id), 'POST'),
    /** all or none (spec 3 §5 seats, store vacancies, once per course per quarter) */
    enroll: (id: number, body: EnrollBody) => http.json<EnrollResult>(PRESENTIAL_PATHS.subscribersAdd(id), 'POST', body),
    saveInputs: (id: number, lines: AppointmentInputs) => http.json<unknown>(PRESENTIAL_PATHS.inputs(id), 'PUT', lines),
  }), [http]);
}
