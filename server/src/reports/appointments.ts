import { AppointmentReportRequest, PRESENTIAL_PATHS } from '@lp/shared/contract';
import { appointmentTitle } from '@lp/shared/rules';
import { EVENT_STATUS } from '../repositories/presential/events.ts';
import { defineReport } from './definition.ts';
import { currentCertificates, titleContains, walkContent } from './queries.ts';

const L = 'presential_appointments.report';
const R = 'resources.presential/appointments';
const COLUMNS = [
  { field: 'id', label: `${L}.id`, width: 10 },
  { field: 'title', label: `${L}.title`, width: 40 },
  { field: 'code', label: `${L}.code`, width: 14 },
  { field: 'appointment_type', label: `${L}.appointment_type`, width: 20 },
  { field: 'training_type', label: `${L}.training_type`, width: 14 },
  { field: 'status', label: `${L}.status`, width: 18 },
  { field: 'event_dates', label: `${L}.event_dates`, width: 24 },
  { field: 'participant', label: `${L}.participant`, width: 32 },
  { field: 'email', label: `${L}.email`, width: 32 },
  { field: 'branch', label: `${L}.branch`, width: 24 },
  { field: 'enrollment_status', label: `${L}.enrollment_status`, width: 20 },
  { field: 'presence', label: `${L}.presence`, width: 12 },
  { field: 'result', label: `${L}.result`, width: 18 },
  { field: 'score', label: `${L}.score`, width: 10 },
  { field: 'certificate_issued_at', label: `${L}.certificate_issued_at`, width: 20, date: true },
] as const;

/** spec 3 §3 events: day and hour in the appointment's timezone, as the screens show them. */
const eventWhen = (date: string, hour: string) => `${date} ${hour}`;

/**
 * The appointments report (spec 3 §9 report buttons "appointments"; §4 "Reports … generated
 * asynchronously and sent by e-mail"; spec 1 §6.2 "reports_manager (appointment reports)"): the
 * client's appointments the list shows with the same filters, one row per guest (every enrollment,
 * with its status, attendance, result, score and certificate), or one row for an appointment
 * without any, with the dates of its events.
 */
export const appointmentsReport = defineReport({
  key: 'appointments',
  path: PRESENTIAL_PATHS.report,
  title: 'appointments',
  // the route opens with the screen's title (spec 1 §6.1: any of request_events, approve_events,
  // finish_events); the report itself is spec 1 §6.2 "reports_manager (appointment reports)"
  permissions: ['reports_manager'],
  body: AppointmentReportRequest,
  columns: COLUMNS,
  rows(db, { clientId, params: filters, t }) {
    type Item = {
      id: number; title: string; training_code: string | null; course_code: string | null; course_name: string | null;
      appointment_type: string | null; training_type: string; status: string;
    };
    const base = (a: Item) => ({
      id: a.id, title: appointmentTitle(a.title, a.course_name), code: a.training_code ?? a.course_code, appointment_type: a.appointment_type,
      training_type: t(`${R}.training_types.${a.training_type}`), status: t(`${R}.status.${a.status}`),
    });
    return walkContent({
      async contents(afterId, limit) {
        // the admin list's reading (routes/presential/appointments.ts LIST_SPEC): appointments, not models
        let query = db.selectFrom('presential_appointments as a')
          .leftJoin('presential_courses as c', 'c.id', 'a.course_id')
          .leftJoin('presential_appointment_types as t', 't.id', 'a.appointment_type_id')
          .select(['a.id', 'a.title', 'a.training_code', 'a.training_type', 'a.status', 'c.code as course_code', 'c.name as course_name', 't.label as appointment_type'])
          .where('a.client_id', '=', clientId).where('a.is_template', '=', false).where('a.id', '>', afterId);
        if (filters.status) query = query.where('a.status', '=', filters.status);
        if (filters.training_type) query = query.where('a.training_type', '=', filters.training_type);
        if (filters.appointment_type_id) query = query.where('a.appointment_type_id', '=', filters.appointment_type_id);
        const search = filters.search;
        if (search) query = query.where((eb) => eb.or(['a.title', 'c.name', 'c.code', 'a.training_code'].map((column) => titleContains(column, search))));
        const items = await query.orderBy('a.id').limit(limit).execute();
        if (!items.length) return [];
        const events = await db.selectFrom('presential_events').select(['appointment_id', 'date', 'start_hour'])
          .where('appointment_id', 'in', items.map((a) => a.id)).where('status', '=', EVENT_STATUS.active)
          .orderBy('date').orderBy('start_hour').orderBy('id').execute();
        return items.map((a) => ({
          ...a, event_dates: events.filter((e) => e.appointment_id === a.id).map((e) => eventWhen(e.date, e.start_hour)).join('; ') || null,
        }));
      },
      learners: (a, after, limit) => db.selectFrom('presential_enrollments as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('presential_events as e', 'e.id', 's.event_id')
        .leftJoin('branches as b', (j) => j.onRef('b.id', '=', 'u.branch_id').on('b.client_id', '=', clientId))
        .select(['s.id', 's.user_id', 's.status', 's.presence', 's.result', 's.score', 'u.full_name', 'u.email', 'b.name as branch', 'e.date', 'e.start_hour'])
        .where('s.client_id', '=', clientId).where('s.appointment_id', '=', a.id).where('s.id', '>', after)
        .orderBy('s.id').limit(limit).execute(),
      keyOf: (s) => s.id,
      alone: (a) => ({ ...base(a), event_dates: a.event_dates }),
      async rows(a, guests) {
        const certificates = await currentCertificates(db, clientId, 'presential', a.id, guests.map((g) => g.user_id));
        return guests.map((g) => ({
          ...base(a), event_dates: eventWhen(g.date, g.start_hour), participant: g.full_name, email: g.email, branch: g.branch,
          enrollment_status: t(`${R}.subscribers.statuses.${g.status}`),
          presence: g.presence ? t(`${R}.results.presence.${g.presence}`) : null,
          result: g.result ? t(`${R}.results.values.${g.result}`) : null,
          score: g.score === null ? null : Number(g.score),
          certificate_issued_at: certificates.get(g.user_id)?.certificate_issued_at ?? null,
        }));
      },
    });
  },
});
