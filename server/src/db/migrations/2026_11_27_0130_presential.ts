import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Face-to-face trainings (spec 3 §3 "Face-to-face training (appointment)", "Event", "Other
 * presential data"; §4; §5; issue 16): reference data (appointment types, product categories,
 * products, support materials, the course catalog), appointments with their instructors,
 * invitees, inputs and status history, their events (owners of tests, reaction evaluations,
 * materials and comments through the owned-content core), planned vacancies per store × course ×
 * quarter, and enrollments.
 */
const OWNED = { ownerTable: 'presential_events', tablePrefix: 'presential_event' };
const AUDIENCE = { ownerTable: 'presential_appointments', prefix: 'presential_appointment', tags: false };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;
  const client = (c: ColumnDefinitionBuilder) => c.notNull().references('clients.id').onDelete('cascade');

  // ---- reference data ----
  /** spec 3 §3 "Appointment type: label and ties to class types": the class type's maximum participants */
  await db.schema.createTable('presential_appointment_types')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('label', 'varchar(256)', (c) => c.notNull())
    .addColumn('maximum_participants', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createTable('presential_product_categories')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createTable('presential_products')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('presential_product_categories.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  /** spec 3 §3 "Input / support material: quantity, value" */
  await db.schema.createTable('presential_support_materials')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', real, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  /** spec 3 §3 "Course catalog entry: code, course name" */
  await db.schema.createTable('presential_courses')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('presential_courses_code_uq', ['client_id', 'code'])
    .execute();

  // ---- appointments ----
  await db.schema.createTable('presential_appointments')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    /** as entered; blank uses the course's name (spec 3 §3) */
    .addColumn('title', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    /** links it to future trainings */
    .addColumn('training_code', 'varchar(64)')
    /** spec 3 §5: a code used by trainings cannot be removed or changed — restrict */
    .addColumn('course_id', 'integer', (c) => c.references('presential_courses.id').onDelete('restrict'))
    .addColumn('appointment_type_id', 'integer', (c) => c.references('presential_appointment_types.id').onDelete('restrict'))
    .addColumn('product_category_id', 'integer', (c) => c.references('presential_product_categories.id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.references('presential_products.id').onDelete('set null'))
    /** open | closed */
    .addColumn('training_type', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('listed', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('participating_audience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('workload', real, (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_participants', 'integer')
    .addColumn('maximum_participants', 'integer')
    .addColumn('expected_participants', 'integer')
    .addColumn('minimum_score', 'integer')
    .addColumn('subscription_until', t.timestamp)
    /** spec 3 §4: enrollment cancellation requests are blocked after it */
    .addColumn('cancellation_until', t.timestamp)
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('America/Sao_Paulo'))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('owner_email', 'varchar(256)')
    .addColumn('receive_emails', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('has_tests', t.bool, (c) => c.notNull().defaultTo(false))
    /** shared APPOINTMENT_STATUSES */
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('pre_scheduled'))
    .addColumn('cancellation_reason', 'text')
    .addColumn('requester_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    /** a model (spec 1 §6.2 manage_models): never listed as an appointment, only copied from */
    .addColumn('is_template', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('presential_appointments_client_idx').on('presential_appointments').columns(['client_id', 'is_template', 'status']).execute();

  for (const [table, pk] of [['presential_appointment_instructors', 'pai_pk'], ['presential_appointment_invitees', 'pav_pk']] as const) {
    await db.schema.createTable(table)
      .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(pk, ['appointment_id', 'user_id'])
      .execute();
  }
  /** spec 3 §2 "Inputs (support materials)" with the quantity each appointment uses */
  await db.schema.createTable('presential_appointment_materials')
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('presential_support_materials.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pam_pk', ['appointment_id', 'material_id'])
    .execute();
  /** spec 3 §3 "history": every status change, shown as a timeline */
  await db.schema.createTable('presential_appointment_history')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('presential_appointment_history_idx').on('presential_appointment_history').columns(['appointment_id', 'id']).execute();

  // ---- events ----
  await db.schema.createTable('presential_events')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
    /** the owned-content core's owner title: the appointment's, kept in step */
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** 1 active, 3 deleted (the owned-content core reads it) */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** shared EVENT_TEST_TYPES */
    .addColumn('event_type', 'varchar(24)', (c) => c.notNull())
    /** YYYY-MM-DD, HH:mm in the appointment's timezone */
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_hour', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_hour', 'varchar(5)', (c) => c.notNull())
    .addColumn('intermission_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    /** "live class or webcast link" */
    .addColumn('live_class_id', 'integer', (c) => c.references('live_classes.id').onDelete('set null'))
    .addColumn('webcast_id', 'integer', (c) => c.references('webcasts.id').onDelete('set null'))
    /** from the appointment type (class type) unless set; null: no limit */
    .addColumn('maximum_participants', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('presential_events_appointment_idx').on('presential_events').columns(['appointment_id', 'date']).execute();
  await db.schema.createIndex('presential_events_client_idx').on('presential_events').columns(['client_id', 'date']).execute();
  await db.schema.createTable('presential_event_instructors')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('presential_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('pei_pk', ['event_id', 'user_id'])
    .execute();

  // ---- planned vacancies (spec 3 §3 "Planned vacancy") ----
  await db.schema.createTable('presential_planned_vacancies')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('presential_courses.id').onDelete('restrict'))
    .addColumn('quarter', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('planned', 'integer', (c) => c.notNull())
    .addColumn('filled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canceled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    // spec 3 §5 "Only one planned vacancy per dealership/course/quarter."
    .addUniqueConstraint('presential_planned_vacancies_uq', ['client_id', 'branch_id', 'course_id', 'year', 'quarter'])
    // planned = filled + available + canceled with available ≥ 0, held by the database too
    .addCheckConstraint('presential_planned_vacancies_counts', sql`filled >= 0 and canceled >= 0 and filled + canceled <= planned`)
    .execute();

  // ---- enrollments ----
  await db.schema.createTable('presential_enrollments')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', client)
    .addColumn('appointment_id', 'integer', (c) => c.notNull().references('presential_appointments.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('presential_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** the store whose planned vacancy the seat took, if any */
    .addColumn('planned_vacancy_id', 'integer', (c) => c.references('presential_planned_vacancies.id').onDelete('set null'))
    /** shared ENROLLMENT_STATUSES */
    .addColumn('status', 'varchar(24)', (c) => c.notNull().defaultTo('subscribed'))
    /**
     * spec 3 §5 "A user may enroll only once per course per quarter": the course-and-quarter (or
     * the appointment, without a course) while the enrollment holds a seat, null once canceled;
     * unique per user, so two simultaneous enrollments cannot both pass.
     */
    .addColumn('active_key', 'varchar(64)')
    .addColumn('enrolled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancellation_reason', 'text')
    .addColumn('cancellation_requested_at', t.timestamp)
    .addColumn('cancellation_decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('presential_enrollments_active_uq', ['user_id', 'active_key'])
    .execute();
  await db.schema.createIndex('presential_enrollments_event_idx').on('presential_enrollments').columns(['event_id', 'status']).execute();
  await db.schema.createIndex('presential_enrollments_appointment_idx').on('presential_enrollments').columns(['appointment_id', 'status']).execute();

  await createOwnedTables(db, OWNED);
  await createAudienceTables(db, AUDIENCE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  await dropOwnedTables(db, OWNED);
  for (const table of [
    'presential_enrollments', 'presential_planned_vacancies', 'presential_event_instructors', 'presential_events', 'presential_appointment_history',
    'presential_appointment_materials', 'presential_appointment_invitees', 'presential_appointment_instructors', 'presential_appointments',
    'presential_courses', 'presential_support_materials', 'presential_products', 'presential_product_categories', 'presential_appointment_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
