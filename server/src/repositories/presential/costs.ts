/**
 * The costs of an appointment (spec 3 §3 "Costs"): each event's expected and actual cost, the
 * additional cost lines, and who attended each event. Integer cents; scoped to the client.
 */
import type { Db } from '../../db/database.ts';
import { ACTIVE_STATUSES } from './appointments.ts';
import { EVENT_STATUS } from './events.ts';

/** The appointment's active events with their costs (none entered: null). */
export function eventCostsOf(db: Db, clientId: number, appointmentId: number) {
  return db.selectFrom('presential_events as e')
    .leftJoin('presential_event_costs as c', 'c.event_id', 'e.id')
    .select(['e.id', 'e.date', 'e.start_hour', 'e.location_name', 'c.cost', 'c.actual_cost'])
    .where('e.client_id', '=', clientId).where('e.appointment_id', '=', appointmentId).where('e.status', '=', EVENT_STATUS.active)
    .orderBy('e.date').orderBy('e.start_hour').orderBy('e.id')
    .execute();
}

/** Per event: its guests holding a seat and not marked absent (the actual participants). */
export async function attendingPerEvent(db: Db, clientId: number, appointmentId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('presential_enrollments')
    .select((eb) => ['event_id', eb.fn.countAll<number>().as('n')])
    .where('client_id', '=', clientId).where('appointment_id', '=', appointmentId).where('status', 'in', ACTIVE_STATUSES)
    .where((eb) => eb.or([eb('presence', 'is', null), eb('presence', '!=', 'absent')]))
    .groupBy('event_id').execute();
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
}

export function additionalCostsOf(db: Db, clientId: number, appointmentId: number) {
  return db.selectFrom('presential_additional_costs').select(['id', 'description', 'quantity', 'unit_value', 'installments', 'actual_value'])
    .where('client_id', '=', clientId).where('appointment_id', '=', appointmentId).orderBy('position').orderBy('id').execute();
}

/** Upserts each event's costs (the caller checked the events are the appointment's). */
export async function writeEventCosts(db: Db, clientId: number, lines: readonly { id: number; cost: number; actual_cost: number | null }[]): Promise<void> {
  for (const l of lines) {
    await db.insertInto('presential_event_costs').values({ event_id: l.id, client_id: clientId, cost: l.cost, actual_cost: l.actual_cost })
      .onConflict((oc) => oc.column('event_id').doUpdateSet({ cost: l.cost, actual_cost: l.actual_cost })).execute();
  }
}

export interface AdditionalCostLine { description: string; quantity: number; unit_value: number; installments: number; actual_value: number | null }

/** The whole list of additional costs, in the order given. */
export async function replaceAdditionalCosts(db: Db, clientId: number, appointmentId: number, lines: readonly AdditionalCostLine[]): Promise<void> {
  await db.deleteFrom('presential_additional_costs').where('appointment_id', '=', appointmentId).execute();
  if (lines.length) {
    await db.insertInto('presential_additional_costs')
      .values(lines.map((l, position) => ({ ...l, client_id: clientId, appointment_id: appointmentId, position }))).execute();
  }
}
