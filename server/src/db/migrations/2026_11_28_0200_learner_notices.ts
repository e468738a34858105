import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Issue 20 item 4: learners are told of a survey newly open to them, a drill day opening today
 * and a general test newly available (spec 3 §2, §3), and an approved general test scores like an
 * approved drill (spec 3 §3 "Drill" score: points when approved).
 *
 * `learner_notices` holds one row per announcement made (content, occasion: `open` for a survey or
 * a general test, the day YYYY-MM-DD for a drill day); its unique key lets one run announce it,
 * whatever runs at the same moment. What is already open when this runs counts as announced: the
 * notices are for what opens from now on, not a burst of old content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('general_tests').addColumn('score', 'integer').execute();
  await db.schema.createTable('learner_notices')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    /** survey, drill, general_test */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    /** `open`, or the drill day YYYY-MM-DD */
    .addColumn('occasion', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addUniqueConstraint('learner_notices_uq', ['content_type', 'content_id', 'occasion'])
    .execute();
  // published content already there counts as announced
  await sql`insert into learner_notices (client_id, content_type, content_id, occasion)
    select client_id, 'survey', id, 'open' from surveys where status = 1`.execute(db);
  await sql`insert into learner_notices (client_id, content_type, content_id, occasion)
    select client_id, 'general_test', id, 'open' from general_tests where status = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('learner_notices').execute();
  await db.schema.alterTable('general_tests').dropColumn('score').execute();
}
