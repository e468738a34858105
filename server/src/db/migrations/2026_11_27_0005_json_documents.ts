import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * JSON columns become `jsonb` on Postgres, so the driver hands them over parsed and the database
 * refuses text that is not JSON (SQLite keeps JSON as text; its reads are parsed by the column
 * kinds of server/src/db/columnKinds.ts). The list is every column written as JSON text so far.
 */
export const JSON_COLUMNS: ReadonlyArray<readonly [table: string, column: string, fallback: string | null]> = [
  ['clients', 'settings', '{}'],
  ['login_config', 'params', null],
  ['areas', 'translations', '{}'],
  ['profiles', 'translations', '{}'],
  ['profiles', 'email_domains', '[]'],
  ['audit_log', 'details', '{}'],
  ['jobs', 'payload', '{}'],
  ['notifications', 'payload', '{}'],
  ['import_logs', 'params', '{}'],
  ['reports', 'params', '{}'],
  ['group_trainings', 'image_alt_texts', '{}'],
  ['group_training_games', 'config', '{}'],
  ['group_training_module_progress', 'cmi', null],
  ['group_training_test_attempt_questions', 'answer_order', null],
  ['webcast_test_attempt_questions', 'answer_order', null],
  ['webcasts', 'image_alt_texts', '{}'],
  ['realtime_tickets', 'subject', null],
  ['news', 'image_alt_texts', '{}'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [table, column, fallback] of JSON_COLUMNS) {
    const t = sql.table(table);
    const c = sql.ref(column);
    // a text default cannot be cast along with the column: dropped, then set again as jsonb
    if (fallback !== null) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
    await sql`alter table ${t} alter column ${c} type jsonb using ${c}::jsonb`.execute(db);
    if (fallback !== null) await sql`alter table ${t} alter column ${c} set default ${sql.lit(fallback)}::jsonb`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [table, column, fallback] of JSON_COLUMNS) {
    const t = sql.table(table);
    const c = sql.ref(column);
    if (fallback !== null) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
    await sql`alter table ${t} alter column ${c} type text using ${c}::text`.execute(db);
    if (fallback !== null) await sql`alter table ${t} alter column ${c} set default ${sql.lit(fallback)}`.execute(db);
  }
}
