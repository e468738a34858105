import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppointmentCosts, CostsInput, PRESENTIAL_RESULT_PATHS } from '@lp/shared/contract';
import { clientCurrency, computeCosts, isAppointmentEditable, unitsToCents } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { PresentialAppointmentRow } from '../../db/tables/presential.table.ts';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { storedClientSettings } from '../../repositories/clients.ts';
import { activeEnrollmentCount, inputsOf, lockAppointment } from '../../repositories/presential/appointments.ts';
import { additionalCostsOf, attendingPerEvent, eventCostsOf, replaceAdditionalCosts, writeEventCosts } from '../../repositories/presential/costs.ts';
import { closingOf, findClosing, updateClosing } from '../../repositories/presential/results.ts';
import { ACCESS, appointmentNotFound, appointmentOr404, appointmentRead } from './common.ts';

/** Every value of the Costs tab, computed by the shared rules (shared/src/presential/costs.ts). */
export async function loadCosts(db: Db, clientId: number, row: PresentialAppointmentRow, currency: string): Promise<AppointmentCosts> {
  const [closing, events, attending, additional, materials, enrolled] = await Promise.all([
    findClosing(db, row.id),
    eventCostsOf(db, clientId, row.id), attendingPerEvent(db, clientId, row.id), additionalCostsOf(db, clientId, row.id), inputsOf(db, row.id),
    activeEnrollmentCount(db, row.id),
  ]);
  const materialLines = materials.map((m) => ({ material_id: m.material_id, name: m.name, quantity: m.quantity, value: unitsToCents(Number(m.value)) }));
  const perParticipant = closing?.expected_cost_per_participant ?? 0;
  const summary = computeCosts({
    expected_cost_per_participant: perParticipant,
    expected_participants: row.expected_participants,
    enrolled,
    events: events.map((e) => ({ id: e.id, cost: e.cost ?? 0, actual_cost: e.actual_cost, participants: attending.get(e.id) ?? 0 })),
    additional: additional.map((a) => ({ id: a.id, quantity: a.quantity, unit_value: a.unit_value, installments: a.installments, actual_value: a.actual_value })),
    materials: materialLines,
  });
  return {
    currency,
    expected_participants: row.expected_participants,
    expected_cost_per_participant: perParticipant,
    events: events.map((e, i) => ({ ...summary.events[i]!, date: e.date, location_name: e.location_name, cost: e.cost ?? 0, actual_cost: e.actual_cost })),
    additional: additional.map((a, i) => {
      const computed = summary.additional[i]!;
      return {
        id: a.id, description: a.description, quantity: a.quantity, unit_value: a.unit_value, installments: a.installments, actual_value: a.actual_value,
        total: computed.total, individual_value: computed.individual_value, installment_values: computed.installment_values,
      };
    }),
    materials: materialLines.map((m) => ({ ...m, total: m.quantity * m.value })),
    expected: summary.expected,
    actual: summary.actual,
    difference: summary.difference,
  };
}

/**
 * spec 3 §2 "costs", §3 "Costs". Read with the appointments title; changed with
 * presential_edit_basic_data (the spec names no costs key; the Inputs tab, whose materials are
 * part of the costs, uses it). Money is integer cents in the client's currency (its settings'
 * ISO 4217 code, else the deployment's CURRENCY).
 */
const costs: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_RESULT_PATHS;
  const currencyOf = async (clientId: number) => clientCurrency(await storedClientSettings(app.db, clientId), app.config.currency);

  app.get(P.costs(':id'), { config: { access: appointmentRead }, schema: { params: IdParams, response: { 200: AppointmentCosts } } }, async (request) => {
    const row = await appointmentOr404(app.db, request, request.params.id, 'any');
    return loadCosts(app.db, clientOf(request), row, await currencyOf(clientOf(request)));
  });

  app.put(P.costs(':id'), { config: { access: ACCESS.basicData }, schema: { params: IdParams, body: CostsInput, response: { 200: AppointmentCosts } } }, async (request) => {
    const clientId = clientOf(request);
    const row = await app.db.transaction().execute(async (trx) => {
      const appointment = await lockAppointment(trx, clientId, request.params.id);
      if (!appointment) throw appointmentNotFound();
      // the actual costs are entered after the training: only a canceled or failed one is closed to them
      if (!isAppointmentEditable(appointment.status) && appointment.status !== 'finished') {
        throw new HttpError(409, 'appointment_not_editable', 'The appointment has ended');
      }
      const events = new Set((await eventCostsOf(trx, clientId, appointment.id)).map((e) => e.id));
      if (request.body.events.some((e) => !events.has(e.id))) throw new HttpError(400, 'validation_error', 'Unknown event', { events: 'validation_error' });
      await closingOf(trx, clientId, appointment.id);
      await updateClosing(trx, appointment.id, { expected_cost_per_participant: request.body.expected_cost_per_participant }, new Date());
      await writeEventCosts(trx, clientId, request.body.events);
      await replaceAdditionalCosts(trx, clientId, appointment.id, request.body.additional.map((a) => ({ ...a, description: a.description.trim() })));
      return appointment;
    });
    return loadCosts(app.db, clientId, row, await currencyOf(clientId));
  });
};
export default costs;
