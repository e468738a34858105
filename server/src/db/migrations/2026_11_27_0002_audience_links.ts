import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * One shape for every audience link table (spec 2 §5.1, §6; spec 3 §1 "Content visibility is
 * targeted by areas, profiles and groups"), so one repository serves every content kind through
 * virtual tables (server/src/content/audience): the column naming the content becomes `owner_id`
 * in all of them, and every area and profile link gets `is_mandatory` (false unless the kind
 * uses mandatory areas and profiles, as trainings and trails do). The tables stay per owner with
 * their foreign keys and cascades; primary keys and indexes follow the renamed column on both
 * dialects (SQLite rewrites them in the table definition, Postgres keeps them by column), and on
 * Postgres the foreign key's generated name is renamed after the column too.
 *
 * The list is written out here rather than read from the content declaration: a migration
 * describes the schema as it was on its day.
 */
const LINKS: ReadonlyArray<{ prefix: string; ownerColumn: string; tags: boolean; mandatory: boolean }> = [
  { prefix: 'group_training', ownerColumn: 'group_training_id', tags: true, mandatory: true },
  { prefix: 'trail', ownerColumn: 'trail_id', tags: true, mandatory: true },
  { prefix: 'webcast', ownerColumn: 'webcast_id', tags: true, mandatory: false },
  { prefix: 'news', ownerColumn: 'news_id', tags: true, mandatory: false },
  { prefix: 'library_file', ownerColumn: 'library_file_id', tags: true, mandatory: false },
  { prefix: 'podcast', ownerColumn: 'podcast_id', tags: true, mandatory: false },
  { prefix: 'banner', ownerColumn: 'banner_id', tags: false, mandatory: false },
  { prefix: 'welcome_banner', ownerColumn: 'welcome_banner_id', tags: false, mandatory: false },
  { prefix: 'message', ownerColumn: 'message_id', tags: false, mandatory: false },
  { prefix: 'wildcard_page', ownerColumn: 'wildcard_page_id', tags: false, mandatory: false },
];

const tablesOf = (link: (typeof LINKS)[number]) =>
  ['areas', 'profiles', 'user_groups', ...(link.tags ? ['tags'] : [])].map((suffix) => `${link.prefix}_${suffix}`);

/** Postgres named each foreign key `{table}_{column}_fkey` when the table was created. */
async function renameForeignKey(db: Kysely<unknown>, table: string, from: string, to: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table ${sql.table(table)} rename constraint ${sql.id(`${table}_${from}_fkey`)} to ${sql.id(`${table}_${to}_fkey`)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  for (const link of LINKS) {
    for (const table of tablesOf(link)) {
      await db.schema.alterTable(table).renameColumn(link.ownerColumn, 'owner_id').execute();
      await renameForeignKey(db, table, link.ownerColumn, 'owner_id');
    }
    if (link.mandatory) continue;
    for (const table of [`${link.prefix}_areas`, `${link.prefix}_profiles`]) {
      await db.schema.alterTable(table).addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(false)).execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const link of LINKS) {
    if (!link.mandatory) {
      for (const table of [`${link.prefix}_areas`, `${link.prefix}_profiles`]) {
        await db.schema.alterTable(table).dropColumn('is_mandatory').execute();
      }
    }
    for (const table of tablesOf(link)) {
      await db.schema.alterTable(table).renameColumn('owner_id', link.ownerColumn).execute();
      await renameForeignKey(db, table, 'owner_id', link.ownerColumn);
    }
  }
}
