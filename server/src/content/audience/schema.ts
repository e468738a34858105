import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../../db/dialect.ts';

/** Where a new audience kind's link tables go: `{prefix}_areas` … referencing `ownerTable`. */
export interface AudienceTablesOf {
  ownerTable: string;
  prefix: string;
  /** spec 3 §1: most content is also targeted by tags; banners, messages and pages are not */
  tags: boolean;
}

const DIMENSIONS = [
  { suffix: 'areas', column: 'area_id', target: 'areas', mandatory: true },
  { suffix: 'profiles', column: 'profile_id', target: 'profiles', mandatory: true },
  { suffix: 'user_groups', column: 'user_group_id', target: 'user_groups', mandatory: false },
  { suffix: 'tags', column: 'tag_id', target: 'tags', mandatory: false },
] as const;

const dimensionsOf = (kind: AudienceTablesOf) => DIMENSIONS.filter((d) => d.suffix !== 'tags' || kind.tags);

/**
 * Migration helper: the audience link tables of a new kind (docs/architecture/audience.md), in the
 * shape every existing kind has since 2026_11_27_0002_audience_links — `owner_id` and the linked
 * row's id, both cascading, as the primary key; `is_mandatory` on areas and profiles (used when
 * the kind's declaration says `mandatory`). Then one line in AUDIENCE_KINDS makes the repository
 * and the rule serve it. server/test/owned-content.test.ts compares the result with podcasts' tables.
 */
export async function createAudienceTables(db: Kysely<unknown>, kind: AudienceTablesOf): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const cascadeTo = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('cascade');
  for (const d of dimensionsOf(kind)) {
    const table = `${kind.prefix}_${d.suffix}`;
    let create = db.schema.createTable(table)
      .addColumn('owner_id', 'integer', cascadeTo(kind.ownerTable))
      .addColumn(d.column, 'integer', cascadeTo(d.target));
    if (d.mandatory) create = create.addColumn('is_mandatory', t.bool, (c) => c.notNull().defaultTo(false));
    await create.addPrimaryKeyConstraint(`${table}_pk`, ['owner_id', d.column]).execute();
  }
}

export async function dropAudienceTables(db: Kysely<unknown>, kind: AudienceTablesOf): Promise<void> {
  for (const d of dimensionsOf(kind).reverse()) await db.schema.dropTable(`${kind.prefix}_${d.suffix}`).execute();
}
