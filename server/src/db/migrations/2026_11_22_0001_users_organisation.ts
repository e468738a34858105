import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/** spec 1 §3.4 user fields, §3.5–3.7 organisation, §4.2 deletion, and the admin audit trail. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;

  // SQLite adds one column per statement
  const userColumns: Array<[string, 'varchar(40)' | 'varchar(10)' | 'varchar(5)' | 'varchar(20)' | 'integer' | 'ts']> = [
    ['gender', 'varchar(40)'], ['birthday', 'varchar(10)'], ['mobile_country_code', 'varchar(5)'],
    ['mobile_area_code', 'varchar(5)'], ['mobile', 'varchar(20)'], ['country_id', 'integer'], ['branch_id', 'integer'],
    ['date_joined', 'ts'], ['deletion_requested_at', 'ts'], ['anonymized_at', 'ts'],
  ];
  for (const [name, type] of userColumns) {
    await db.schema.alterTable('users').addColumn(name, type === 'ts' ? t.timestamp : type).execute();
  }
  await sql`update users set date_joined = created_at`.execute(db);
  // the administrative view (login as): who opened this session on the user's behalf
  await db.schema.alterTable('token_families').addColumn('acting_user_id', 'integer').execute();

  await db.schema.createTable('countries')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('name', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(3)', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  for (const table of ['regionals', 'branch_types', 'branch_size_types']) {
    await db.schema.createTable(table)
      .addColumn('id', t.id, t.primaryId)
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_client_name_uq`, ['client_id', 'name'])
      .execute();
  }

  const withAddress = (table: string) => db.schema.createTable(table)
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('postal_code', 'varchar(20)')
    .addColumn('address', 'varchar(200)')
    .addColumn('number', 'varchar(20)')
    .addColumn('complement', 'varchar(100)')
    .addColumn('neighborhood', 'varchar(100)')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(60)')
    .addColumn('country_id', 'integer', (c) => c.references('countries.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now));

  await withAddress('headquarters')
    .addColumn('company_name', 'varchar(150)')
    .addColumn('fantasy_name', 'varchar(150)')
    .addColumn('company_document', 'varchar(50)', (c) => c.notNull())
    // spec 1 §5.3: company_document unique ("Document used by another"), per client
    .addUniqueConstraint('headquarters_client_document_uq', ['client_id', 'company_document'])
    .execute();

  await withAddress('branches')
    .addColumn('store_name', 'varchar(150)')
    .addColumn('code', 'varchar(50)')
    .addColumn('store_document', 'varchar(50)')
    .addColumn('branch_type_id', 'integer', (c) => c.references('branch_types.id').onDelete('set null'))
    .addColumn('size_type_id', 'integer', (c) => c.references('branch_size_types.id').onDelete('set null'))
    .addColumn('headquarter_id', 'integer', (c) => c.references('headquarters.id').onDelete('set null'))
    .addColumn('regional_id', 'integer', (c) => c.references('regionals.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('branches_client_idx').on('branches').column('client_id').execute();

  await db.schema.createTable('user_areas')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('area_id', 'integer', (c) => c.notNull().references('areas.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_areas_pk', ['user_id', 'area_id'])
    .execute();
  await db.schema.createIndex('user_areas_area_idx').on('user_areas').column('area_id').execute();

  await db.schema.createTable('audit_log')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('details', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').column('target_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'user_areas', 'branches', 'headquarters', 'branch_size_types', 'branch_types', 'regionals', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('token_families').dropColumn('acting_user_id').execute();
  for (const name of ['anonymized_at', 'deletion_requested_at', 'date_joined', 'branch_id', 'country_id', 'mobile', 'mobile_area_code', 'mobile_country_code', 'birthday', 'gender']) {
    await db.schema.alterTable('users').dropColumn(name).execute();
  }
}
