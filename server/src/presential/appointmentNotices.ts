/**
 * Issue "Face-to-face trainings I" item 4 / spec 3 §4: every workflow step tells the people it
 * concerns, in the app and by e-mail, each in their own language — a request its approvers;
 * an approval or a reproval the requester; start, finish, cancel and fail the requester and the
 * instructors. The owner e-mail (spec 3 §3 "owner e-mail", "receive-emails flag") gets a copy of
 * each step when the appointment asks for it. The actor is not told of their own step.
 *
 * Runs after the step is committed: a failing mailer or insert is logged and never undoes the step.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { NotificationKind } from '@lp/shared/contract';
import { appointmentTitle, type AppointmentAction } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { translate } from '../lib/i18n.ts';
import { notify } from '../repositories/notifications.ts';
import { courseName } from '../repositories/presential/appointments.ts';
import { appointmentApprovers, appointmentInstructors, clientMembersAmong, type NoticeRecipient } from '../repositories/presential/notices.ts';

export const APPOINTMENT_NOTICE_KINDS = {
  request: 'presential_appointment_requested',
  approve: 'presential_appointment_approved',
  reprove: 'presential_appointment_reproved',
  start: 'presential_appointment_started',
  finish: 'presential_appointment_finished',
  cancel: 'presential_appointment_canceled',
  fail: 'presential_appointment_failed',
} as const satisfies Record<AppointmentAction, NotificationKind>;

/** the steps whose note is a reason the recipients read (spec 3 §3 "cancellation reason") */
const WITH_REASON: readonly AppointmentAction[] = ['reprove', 'cancel', 'fail'];

export interface AppointmentStep {
  clientId: number;
  appointmentId: number;
  action: AppointmentAction;
  actorId: number;
  note: string | null;
}

async function recipientsOf(db: Db, step: AppointmentStep, requesterId: number | null): Promise<NoticeRecipient[]> {
  const { clientId, appointmentId, action } = step;
  const requester = requesterId === null ? [] : await clientMembersAmong(db, clientId, [requesterId]);
  let people: NoticeRecipient[];
  if (action === 'request') people = await appointmentApprovers(db, clientId, requesterId);
  else if (action === 'approve' || action === 'reprove') people = requester;
  else people = [...requester, ...(await appointmentInstructors(db, clientId, appointmentId))];
  const seen = new Set<number>([step.actorId]);
  return people.filter((p) => !seen.has(p.id) && seen.add(p.id));
}

function mailOf(languageId: number | null, action: AppointmentAction, vars: Record<string, string>) {
  const key = `mail.presential_appointment.${action}`;
  const reason = vars.reason ? `\n\n${translate(languageId, 'mail.presential_appointment.reason', vars)}` : '';
  return {
    subject: translate(languageId, `${key}.subject`, vars),
    text: `${translate(languageId, `${key}.body`, vars)}${reason}\n\n${vars.link}`,
  };
}

async function tell(app: FastifyInstance, log: FastifyBaseLogger, step: AppointmentStep): Promise<void> {
  const { db } = app;
  const row = await db.selectFrom('presential_appointments')
    .select(['id', 'title', 'course_id', 'requester_id', 'owner_id', 'owner_email', 'receive_emails'])
    .where('id', '=', step.appointmentId).where('client_id', '=', step.clientId).executeTakeFirst();
  if (!row) return;
  const title = appointmentTitle(row.title, (await courseName(db, row.course_id))?.name);
  const path = `/admin/presential/appointments/${row.id}`;
  const reason = WITH_REASON.includes(step.action) ? step.note ?? '' : '';
  const kind = APPOINTMENT_NOTICE_KINDS[step.action];
  const [actor] = await clientMembersAmong(db, step.clientId, [step.actorId]);
  const vars = { title, reason, actor: actor?.full_name ?? '', link: `${app.config.publicUrl}${path}` };

  // the actor's own address is never mailed, even as the owner e-mail
  const mailed = new Set<string>(actor ? [actor.email.toLowerCase()] : []);
  const send = async (to: string, languageId: number | null, name: string) => {
    if (mailed.has(to.toLowerCase())) return;
    mailed.add(to.toLowerCase());
    await app.mailer.send({ to, ...mailOf(languageId, step.action, { ...vars, name }) })
      .catch((err: unknown) => log.error({ err, appointmentId: row.id, action: step.action }, 'appointment e-mail not sent'));
  };

  for (const person of await recipientsOf(db, step, row.requester_id)) {
    await notify(db, { userId: person.id, clientId: step.clientId, kind, payload: { id: row.id, title, reason: reason || null, link: path } })
      .catch((err: unknown) => log.error({ err, appointmentId: row.id, action: step.action }, 'appointment notification not stored'));
    await send(person.email, person.language_id, person.full_name);
  }
  if (row.receive_emails && row.owner_email && row.owner_id !== step.actorId) {
    const [owner] = await clientMembersAmong(db, step.clientId, row.owner_id === null ? [] : [row.owner_id]);
    await send(row.owner_email, owner?.language_id ?? null, owner?.full_name ?? row.owner_email);
  }
}

/** Tells everyone concerned of a committed step; never throws. */
export async function noticeAppointmentStep(app: FastifyInstance, log: FastifyBaseLogger, step: AppointmentStep): Promise<void> {
  await tell(app, log, step).catch((err: unknown) => log.error({ err, appointmentId: step.appointmentId, action: step.action }, 'appointment step notices failed'));
}
