/**
 * Who hears of an appointment's workflow step (issue "Face-to-face trainings I" item 4, spec 3
 * §4): the approvers, the requester and the instructors — always active members of the
 * appointment's client, so nobody of another client is ever told.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

export interface NoticeRecipient { id: number; email: string; full_name: string; language_id: number }

/** users that may sign in (spec 1 §4.1 status words) */
const ACTIVE_USER_STATUSES = ['active', 'active_webservice'];

const holds = (eb: ExpressionBuilder<Database, 'users'>, clientId: number, slug: string) =>
  eb.exists(eb.selectFrom('user_module_items as m').select('m.user_id')
    .whereRef('m.user_id', '=', 'users.id').where('m.client_id', '=', clientId).where('m.slug', '=', slug).where('m.permission', '=', true));

const members = (db: Db, clientId: number) => db.selectFrom('users')
  .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
  .select(['users.id', 'users.email', 'users.full_name', 'users.language_id'])
  .where('user_clients.client_id', '=', clientId)
  .where('users.status', 'in', ACTIVE_USER_STATUSES)
  .orderBy('users.id');

/**
 * spec 1 §6.2 approve_events holders of the client, and the requester's superiors (spec 1 §3.4)
 * holding superiors_approvers (spec 3 §4 "for superior approval").
 */
export function appointmentApprovers(db: Db, clientId: number, requesterId: number | null): Promise<NoticeRecipient[]> {
  return members(db, clientId).where((eb) => eb.or([
    holds(eb, clientId, 'approve_events'),
    ...(requesterId === null ? [] : [eb.and([
      holds(eb, clientId, 'superiors_approvers'),
      eb.exists(eb.selectFrom('user_superiors as s').select('s.superior_id')
        .whereRef('s.superior_id', '=', 'users.id').where('s.user_id', '=', requesterId).where('s.client_id', '=', clientId)),
    ])]),
  ])).execute();
}

/** The appointment's instructors and those of its active events. */
export function appointmentInstructors(db: Db, clientId: number, appointmentId: number): Promise<NoticeRecipient[]> {
  return members(db, clientId).where((eb) => eb.or([
    eb.exists(eb.selectFrom('presential_appointment_instructors as i').select('i.user_id')
      .whereRef('i.user_id', '=', 'users.id').where('i.appointment_id', '=', appointmentId)),
    eb.exists(eb.selectFrom('presential_event_instructors as ei').innerJoin('presential_events as e', 'e.id', 'ei.event_id').select('ei.user_id')
      .whereRef('ei.user_id', '=', 'users.id').where('e.appointment_id', '=', appointmentId).where('e.status', '=', 1)),
  ])).execute();
}

/** These users, when active members of the client. */
export function clientMembersAmong(db: Db, clientId: number, ids: readonly number[]): Promise<NoticeRecipient[]> {
  if (!ids.length) return Promise.resolve([]);
  return members(db, clientId).where('users.id', 'in', [...ids]).execute();
}
