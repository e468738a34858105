import SQLite from 'better-sqlite3';
import {
  DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteDialect,
  SqliteIntrospector, SqliteQueryCompiler, expressionBuilder, sql, type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { RenameTablesPlugin, withRenamedTables } from './renameTables.ts';

/** The real tables, as a repository's `Database` would declare them. */
type RealTables = {
  news: { id: number; title: string };
  news_tags: { owner_id: number; tag_id: number };
  tags: { id: number; name: string };
};
/** The virtual ones a generic repository is written against (a type alias: `withTables` wants an index signature). */
type VirtualTables = {
  owners: { id: number; title: string };
  links: { owner_id: number; tag_id: number };
};
const NAMES = { owners: 'news', links: 'news_tags' } as const;

const compilerOnly = (dialect: 'sqlite' | 'postgres'): Dialect => ({
  createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => (dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
  createQueryCompiler: () => (dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
});

describe.each(['sqlite', 'postgres'] as const)('RenameTablesPlugin on %s', (dialect) => {
  const db = withRenamedTables<VirtualTables, RealTables>(new Kysely<RealTables>({ dialect: compilerOnly(dialect) }), NAMES);
  /** The compiled text with the dialect's identifier quotes removed, for readable expectations. */
  const text = (query: { compile(): { sql: string } }) => query.compile().sql.replaceAll('"', '').replaceAll('`', '');

  it('renames the table of a select, its qualified columns and selectAll', () => {
    expect(text(db.selectFrom('links').selectAll('links').select('links.tag_id').where('links.owner_id', '=', 1)))
      .toMatch(/^select news_tags\.\*, news_tags\.tag_id from news_tags where news_tags\.owner_id = [?$]1?$/);
  });

  it('renames joined tables and keeps aliases', () => {
    expect(text(db.selectFrom('owners as o').innerJoin('links as l', 'l.owner_id', 'o.id').innerJoin('tags', 'tags.id', 'l.tag_id')
      .select(['o.title', 'tags.name'])))
      .toBe('select o.title, tags.name from news as o inner join news_tags as l on l.owner_id = o.id inner join tags on tags.id = l.tag_id');
  });

  it('renames inside subqueries and exists', () => {
    const query = db.selectFrom('owners').select('owners.id')
      .where((eb) => eb.exists(eb.selectFrom('links').select('links.tag_id').whereRef('links.owner_id', '=', 'owners.id')))
      .where('owners.id', 'in', db.selectFrom('links as l2').select('l2.owner_id'));
    expect(text(query)).toBe('select news.id from news where exists (select news_tags.tag_id from news_tags where news_tags.owner_id = news.id)'
      + ' and news.id in (select l2.owner_id from news_tags as l2)');
  });

  it('renames the targets of insert, update and delete', () => {
    expect(text(db.insertInto('links').values({ owner_id: 1, tag_id: 2 }))).toMatch(/^insert into news_tags \(owner_id, tag_id\) values/);
    expect(text(db.updateTable('owners').set({ title: 'x' }).where('owners.id', '=', 1))).toMatch(/^update news set title = .+ where news\.id = /);
    expect(text(db.deleteFrom('links').where('links.owner_id', '=', 1))).toMatch(/^delete from news_tags where news_tags\.owner_id = /);
  });

  it('renames sql.table and sql.ref inside raw SQL, not the literal text', () => {
    const query = sql`select ${sql.ref('links.tag_id')} from ${sql.table('links')} where links_literal = 1`;
    expect(text({ compile: () => query.compile(db) })).toBe('select news_tags.tag_id from news_tags where links_literal = 1');
  });

  it('leaves tables outside the map as they are', () => {
    expect(text(db.selectFrom('tags').select('tags.name'))).toBe('select tags.name from tags');
  });

  it('renames an expression built over virtual tables for a query of another db', () => {
    const plugin = new RenameTablesPlugin(NAMES);
    const plain = new Kysely<RealTables>({ dialect: compilerOnly(dialect) });
    // correlated with the outer query's owner row, as an audience rule is
    const tagged = expressionBuilder<RealTables & VirtualTables, 'owners'>().selectFrom('links').select('links.owner_id').where('links.tag_id', '=', 3).whereRef('links.owner_id', '=', 'owners.id');
    expect(text(plain.selectFrom('news').select('news.id').where((eb) => eb.exists(plugin.rename(tagged)))))
      .toMatch(/^select news\.id from news where exists \(select news_tags\.owner_id from news_tags where news_tags\.tag_id = .+ and news_tags\.owner_id = news\.id\)$/);
    // without it, the plain db sends the virtual names
    expect(text(plain.selectFrom('news').select('news.id').where((eb) => eb.exists(tagged)))).toContain('from links');
  });
});

describe('withRenamedTables on a database', () => {
  it('writes and reads the real tables, inside a transaction too', async () => {
    const plain = new Kysely<RealTables>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table news (id integer primary key, title text)`.execute(plain);
    await sql`create table news_tags (owner_id integer, tag_id integer)`.execute(plain);
    await plain.insertInto('news').values({ id: 1, title: 'one' }).execute();
    await plain.transaction().execute(async (trx) => {
      const db = withRenamedTables<VirtualTables, RealTables>(trx, NAMES);
      await db.insertInto('links').values([{ owner_id: 1, tag_id: 7 }, { owner_id: 1, tag_id: 8 }]).execute();
      await db.deleteFrom('links').where('links.tag_id', '=', 8).execute();
      expect(await db.selectFrom('owners').innerJoin('links', 'links.owner_id', 'owners.id').select(['owners.title', 'links.tag_id']).execute())
        .toEqual([{ title: 'one', tag_id: 7 }]);
    });
    expect(await plain.selectFrom('news_tags').selectAll().execute()).toEqual([{ owner_id: 1, tag_id: 7 }]);
    await plain.destroy();
  });
});
