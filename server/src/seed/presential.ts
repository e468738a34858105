/**
 * Demo face-to-face data in Demo Retail (issue 16 item 8): appointment types, a category with a
 * product, support materials, a course catalog, two stores with planned vacancies this quarter,
 * and one appointment in each status of spec 3 §4 (each with an event and the history that led
 * there), run by the demo instructor and requested by the admin. Idempotent: nothing is added
 * when the catalog's first code exists.
 */
import type { Kysely } from 'kysely';
import {
  APPOINTMENT_TRANSITIONS, addDays, quarterOfDay, todayApiDate, type AppointmentAction, type AppointmentStatus,
} from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';

type SeedDb = Kysely<Database>;

export interface PresentialSeedOptions {
  clientId: number;
  adminId: number;
  instructorId: number;
  /** the seed's clock (tests pass their own) */
  now?: Date;
}

/** The path of actions that reaches each status from pre-scheduled. */
const PATHS: Record<AppointmentStatus, AppointmentAction[]> = {
  pre_scheduled: [],
  awaiting_approval: ['request'],
  approved: ['request', 'approve'],
  reproved: ['request', 'reprove'],
  in_progress: ['request', 'approve', 'start'],
  finished: ['request', 'approve', 'start', 'finish'],
  canceled: ['request', 'cancel'],
  failed: ['request', 'approve', 'fail'],
};

export async function seedPresential(db: SeedDb, options: PresentialSeedOptions): Promise<void> {
  const { clientId, adminId, instructorId } = options;
  const now = options.now ?? new Date();
  if (await db.selectFrom('presential_courses').select('id').where('client_id', '=', clientId).where('code', '=', 'DEMO-VND').executeTakeFirst()) return;

  const id = async <T extends { id: number }>(q: Promise<T>) => (await q).id;
  const room = await id(db.insertInto('presential_appointment_types').values({ client_id: clientId, label: 'Sala de treinamento', maximum_participants: 20 }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('presential_appointment_types').values({ client_id: clientId, label: 'Auditório', maximum_participants: 60 }).execute();
  const category = await id(db.insertInto('presential_product_categories').values({ client_id: clientId, name: 'Vendas' }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('presential_products').values({ client_id: clientId, name: 'Técnicas de venda', category_id: category }).execute();
  const handout = await id(db.insertInto('presential_support_materials').values({ client_id: clientId, name: 'Apostila', quantity: 200, value: 15 }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('presential_support_materials').values({ client_id: clientId, name: 'Crachá', quantity: 500, value: 2 }).execute();
  const sales = await id(db.insertInto('presential_courses').values({ client_id: clientId, code: 'DEMO-VND', name: 'Vendas consultivas' }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('presential_courses').values({ client_id: clientId, code: 'DEMO-ATD', name: 'Atendimento ao cliente' }).execute();

  const store = (name: string, code: string) => id(db.insertInto('branches').values({
    client_id: clientId, name, store_name: name, code, store_document: null, branch_type_id: null, size_type_id: null, headquarter_id: null, regional_id: null,
    postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: 'São Paulo', state: 'SP', country_id: null, created_at: now,
  }).returning('id').executeTakeFirstOrThrow());
  const stores = [await store('Loja Centro', 'DEMO-LOJA-1'), await store('Loja Shopping', 'DEMO-LOJA-2')];

  // events two days ahead; the plans are for that day's quarter (this quarter, but on its last days)
  const eventDay = addDays(todayApiDate('America/Sao_Paulo', now), 2);
  const quarter = quarterOfDay(eventDay);
  for (const [i, branch] of stores.entries()) {
    await db.insertInto('presential_planned_vacancies').values({
      client_id: clientId, branch_id: branch, course_id: sales, quarter: quarter.quarter, year: quarter.year, total: 6, planned: i === 0 ? 5 : 1, created_at: now, updated_at: now,
    }).execute();
  }

  // the learners' audience (spec 3 §4 "Listed: visible to the target audience"): the onboarding group
  const groups = (await db.selectFrom('user_groups').select('id').where('client_id', '=', clientId).where('name', '=', 'Onboarding 2026').execute()).map((r) => r.id);

  for (const [n, [status, path]] of Object.entries(PATHS).entries()) {
    const title = `Vendas consultivas — turma ${n + 1}`;
    const appointment = await id(db.insertInto('presential_appointments').values({
      client_id: clientId, title, training_code: `T-${n + 1}`, course_id: sales, appointment_type_id: room, product_category_id: category, product_id: null,
      training_type: 'open', workload: 8, minimum_participants: 2, maximum_participants: 20, expected_participants: 6, minimum_score: 70,
      owner_id: adminId, owner_email: 'admin@demo.local', cancellation_reason: status === 'canceled' || status === 'reproved' || status === 'failed' ? 'Demonstração' : null,
      requester_id: adminId, status: status as AppointmentStatus, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow());
    await db.insertInto('presential_appointment_instructors').values({ appointment_id: appointment, user_id: instructorId }).execute();
    await db.insertInto('presential_appointment_materials').values({ appointment_id: appointment, material_id: handout, quantity: 6 }).execute();
    const event = await id(db.insertInto('presential_events').values({
      client_id: clientId, appointment_id: appointment, title, event_type: 'without_tests', date: eventDay, start_hour: '09:00', end_hour: '17:00',
      intermission_minutes: 60, location: 'Av. Paulista, 1000', location_name: 'Sala Demo', live_class_id: null, webcast_id: null, maximum_participants: 20,
      created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow());
    await db.insertInto('presential_event_instructors').values({ event_id: event, user_id: instructorId }).execute();
    if (groups.length) await writeAudience(db, 'presential_appointment', appointment, { user_groups: groups });
    let from: AppointmentStatus = 'pre_scheduled';
    const history: Array<{ action: string; from_status: AppointmentStatus | null; to_status: AppointmentStatus }> = [{ action: 'create', from_status: null, to_status: from }];
    for (const action of path) {
      const to = APPOINTMENT_TRANSITIONS[action].to;
      history.push({ action, from_status: from, to_status: to });
      from = to;
    }
    await db.insertInto('presential_appointment_history')
      .values(history.map((h) => ({ ...h, appointment_id: appointment, user_id: adminId, note: null, created_at: now }))).execute();
  }

  // an approved open training without a catalog course (no store plans it), two events: what the demo learner subscribes to
  const title = 'Atendimento ao cliente — turma aberta';
  const open = await id(db.insertInto('presential_appointments').values({
    client_id: clientId, title, training_code: 'T-OPEN', course_id: null, appointment_type_id: room, product_category_id: category, product_id: null,
    training_type: 'open', workload: 8, minimum_participants: 2, maximum_participants: 20, expected_participants: 10, minimum_score: 70,
    owner_id: adminId, owner_email: 'admin@demo.local', cancellation_reason: null, requester_id: adminId, status: 'approved',
    participating_audience: 'Vendedores e atendentes das lojas', created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow());
  await db.insertInto('presential_appointment_instructors').values({ appointment_id: open, user_id: instructorId }).execute();
  for (const [i, eventType] of (['online_test', 'presential_test'] as const).entries()) {
    const event = await id(db.insertInto('presential_events').values({
      client_id: clientId, appointment_id: open, title, event_type: eventType, date: addDays(eventDay, 7 * i + 1), start_hour: '14:00', end_hour: '18:00',
      intermission_minutes: 15, location: 'Rua Augusta, 500', location_name: i === 0 ? 'Loja Centro — sala 2' : 'Auditório', live_class_id: null, webcast_id: null,
      maximum_participants: 20, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow());
    await db.insertInto('presential_event_instructors').values({ event_id: event, user_id: instructorId }).execute();
  }
  if (groups.length) await writeAudience(db, 'presential_appointment', open, { user_groups: groups });
  await db.insertInto('presential_appointment_history').values(['create', 'request', 'approve'].map((action, i) => ({
    action, appointment_id: open, user_id: adminId, note: null, created_at: now,
    from_status: ([null, 'pre_scheduled', 'awaiting_approval'] as const)[i]!, to_status: (['pre_scheduled', 'awaiting_approval', 'approved'] as const)[i]!,
  }))).execute();
}
