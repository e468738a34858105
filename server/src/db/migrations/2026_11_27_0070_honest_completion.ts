import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Honest completion (issue 24 item 3; shared/src/learning/completion.ts): what the server keeps
 * to judge a module's progress reports on its own clock — when the learner last opened it, the
 * time ranges of a medium played (their union) with the clock they could have been played by and
 * the duration the share is counted on, a PDF's page count and furthest page — and the duration
 * of a stored video or audio file, read once from the file itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  await db.schema.alterTable('group_training_module_progress').addColumn('opened_at', t.timestamp).execute();
  await db.schema.alterTable('group_training_module_progress').addColumn('play_clock', t.timestamp).execute();
  await db.schema.alterTable('group_training_module_progress').addColumn('played', t.json).execute();
  await db.schema.alterTable('group_training_module_progress').addColumn('media_duration', real).execute();
  await db.schema.alterTable('group_training_module_progress').addColumn('pages', 'integer').execute();
  await db.schema.alterTable('group_training_module_progress').addColumn('page', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('media_objects').addColumn('duration', real).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['opened_at', 'play_clock', 'played', 'media_duration', 'pages', 'page']) {
    await db.schema.alterTable('group_training_module_progress').dropColumn(column).execute();
  }
  await db.schema.alterTable('media_objects').dropColumn('duration').execute();
}
