import { sql, type Kysely } from 'kysely';
import { slugify } from '@lp/shared/rules';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The entity fields the forms still lacked:
 * - spec 1 §3.4 user: sex, image, country_of_residence, timezone, user_type; per client the main
 *   area, the mandatory areas and profiles, and when the user was enrolled in the client;
 * - spec 1 §3.5 headquarter: company type, quantity of branches;
 * - spec 1 §3.6 branch: general and regional managers, store code, organisation type, operational area;
 * - spec 3 §3 "Library file": introduction and slug (one file per slug in a client).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const users = () => db.schema.alterTable('users');
  await users().addColumn('sex', 'varchar(20)').execute();
  await users().addColumn('image', 'varchar(1000)').execute();
  await users().addColumn('country_of_residence_id', 'integer', (c) => c.references('countries.id').onDelete('set null')).execute();
  await users().addColumn('timezone', 'varchar(64)').execute();
  await users().addColumn('user_type', 'varchar(30)').execute();

  await db.schema.alterTable('user_clients').addColumn('main_area_id', 'integer', (c) => c.references('areas.id').onDelete('set null')).execute();
  await db.schema.alterTable('user_clients').addColumn('enrolled_at', t.timestamp).execute();
  for (const [table, column, target] of [['user_mandatory_areas', 'area_id', 'areas'], ['user_mandatory_profiles', 'profile_id', 'profiles']] as const) {
    await db.schema.createTable(table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'client_id', column])
      .execute();
  }

  await db.schema.alterTable('headquarters').addColumn('company_type', 'varchar(30)').execute();
  await db.schema.alterTable('headquarters').addColumn('quantity_of_branches', 'integer').execute();

  const branches = () => db.schema.alterTable('branches');
  await branches().addColumn('general_manager_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await branches().addColumn('regional_manager_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await branches().addColumn('store_code', 'varchar(50)').execute();
  await branches().addColumn('organization_type', 'varchar(100)').execute();
  await branches().addColumn('operational_area', 'varchar(100)').execute();

  await db.schema.alterTable('library_files').addColumn('introduction', 'varchar(2000)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('library_files').addColumn('slug', 'varchar(200)').execute();
  // the files saved before slugs existed get one from their title (repeats numbered, per client)
  const files = await sql<{ id: number; client_id: number; title: string }>`select id, client_id, title from library_files order by id`.execute(db);
  const used = new Set<string>();
  for (const file of files.rows) {
    const base = slugify(file.title).slice(0, 180) || 'file';
    let slug = base;
    for (let n = 2; used.has(`${file.client_id}:${slug}`); n++) slug = `${base}-${n}`;
    used.add(`${file.client_id}:${slug}`);
    await sql`update library_files set slug = ${slug} where id = ${file.id}`.execute(db);
  }
  await db.schema.createIndex('library_files_client_slug_key').on('library_files').columns(['client_id', 'slug']).unique()
    .where(sql.ref('slug'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('library_files_client_slug_key').execute();
  for (const c of ['introduction', 'slug']) await db.schema.alterTable('library_files').dropColumn(c).execute();
  for (const c of ['general_manager_id', 'regional_manager_id', 'store_code', 'organization_type', 'operational_area']) {
    await db.schema.alterTable('branches').dropColumn(c).execute();
  }
  for (const c of ['company_type', 'quantity_of_branches']) await db.schema.alterTable('headquarters').dropColumn(c).execute();
  await db.schema.dropTable('user_mandatory_profiles').execute();
  await db.schema.dropTable('user_mandatory_areas').execute();
  for (const c of ['main_area_id', 'enrolled_at']) await db.schema.alterTable('user_clients').dropColumn(c).execute();
  for (const c of ['sex', 'image', 'country_of_residence_id', 'timezone', 'user_type']) await db.schema.alterTable('users').dropColumn(c).execute();
}
