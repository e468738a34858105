import type { Generated, Kysely } from 'kysely';

/**
 * spec 1 §5.2: a fresh install knows the countries whose documents have rules, so the document
 * mask and the Brazilian check run from the first user on (issue 25 item 2). Each country says
 * whether its document is shown with its mask (`use_document_mask`, the country configuration of
 * §5.2); a country added later has none until the admin turns it on. Existing rows with the same
 * code are kept (only their mask is turned on).
 */
const SEEDED = [
  { name: 'Brasil', code: 'BRA' },
  { name: 'Argentina', code: 'ARG' },
  { name: 'Uruguay', code: 'URY' },
] as const;

interface CountriesTable { id: Generated<number>; name: string; code: string; created_at: Date; use_document_mask: boolean }

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('countries').addColumn('use_document_mask', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  const tdb = db as unknown as Kysely<{ countries: CountriesTable }>;
  for (const country of SEEDED) {
    const existing = await tdb.selectFrom('countries').select('id').where('code', '=', country.code).executeTakeFirst();
    if (existing) {
      await tdb.updateTable('countries').set({ use_document_mask: true }).where('id', '=', existing.id).execute();
      continue;
    }
    // a country of that name under another code keeps its name: the seeded one takes its code as name
    const sameName = await tdb.selectFrom('countries').select('id').where('name', '=', country.name).executeTakeFirst();
    await tdb.insertInto('countries')
      .values({ name: sameName ? country.code : country.name, code: country.code, created_at: new Date(), use_document_mask: true })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('countries').dropColumn('use_document_mask').execute();
}
