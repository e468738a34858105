import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Face-to-face attendance, results and costs (spec 3 §3 "Guest / participant", "Costs"; §4
 * "Training results"; issue 17 items 1 and 3). A guest's attendance and result live on their
 * enrollment; what closes the appointment (the finalization, its points) and its cost settings in
 * one row per appointment; an event's cost on its own row; additional costs as lines. Money is
 * integer cents (a column holds up to 2^31 − 1 cents; sums are made in code).
 */
const ENROLLMENT_COLUMNS = ['invited', 'presence', 'result', 'score', 'correct_answers', 'signature', 'observation', 'motive', 'partner_branch_id', 'certified_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const add = (build: (a: ReturnType<Kysely<unknown>['schema']['alterTable']>) => { execute(): Promise<void> }) =>
    build(db.schema.alterTable('presential_enrollments')).execute();

  /** null: as the appointment's invitee list says */
  await add((a) => a.addColumn('invited', t.bool));
  /** present | absent; null: not taken */
  await add((a) => a.addColumn('presence', 'varchar(10)'));
  /** shared TRAINING_RESULTS; null: not entered */
  await add((a) => a.addColumn('result', 'varchar(20)'));
  await add((a) => a.addColumn('score', real));
  await add((a) => a.addColumn('correct_answers', 'integer'));
  /** the guest signed the attendance list */
  await add((a) => a.addColumn('signature', t.bool, (c) => c.notNull().defaultTo(false)));
  await add((a) => a.addColumn('observation', 'text', (c) => c.notNull().defaultTo('')));
  await add((a) => a.addColumn('motive', 'text', (c) => c.notNull().defaultTo('')));
  await add((a) => a.addColumn('partner_branch_id', 'integer', (c) => c.references('branches.id').onDelete('set null')));
  /** set once, by the finalization, before the certificate and points: never twice */
  await add((a) => a.addColumn('certified_at', t.timestamp));

  await db.schema.createTable('presential_appointment_closings')
    .addColumn('appointment_id', 'integer', (c) => c.primaryKey().references('presential_appointments.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** what an approved participant scores, and under which spec 3 §9 category */
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_category', 'varchar(20)', (c) => c.notNull().defaultTo('training_non_kpi'))
    /** spec 3 §4 "Results are saved and then finalized": once */
    .addColumn('finalized_at', t.timestamp)
    .addColumn('finalized_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expected_cost_per_participant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema.createTable('presential_event_costs')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('presential_events.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_cost', 'integer')
    .execute();

  await db.schema.createTable('presential_additional_costs')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
    .addColumn('description', 'varchar(256)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_value', 'integer', (c) => c.notNull())
    .addColumn('installments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('actual_value', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('presential_additional_costs_appointment_idx').on('presential_additional_costs').column('appointment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['presential_additional_costs', 'presential_event_costs', 'presential_appointment_closings']) await db.schema.dropTable(table).execute();
  for (const column of [...ENROLLMENT_COLUMNS].reverse()) await db.schema.alterTable('presential_enrollments').dropColumn(column).execute();
}
