import { CompiledQuery, SelectQueryNode, type Compilable, type Kysely } from 'kysely';
import type { Db } from './database.ts';

/**
 * A query built and compiled once per database, then run with new parameter values. Kysely
 * rebuilds and recompiles a query on every call — for the token lookup every authenticated
 * request makes, three times what SQLite takes to answer it — so the hottest queries are built
 * once with placeholder values and each run swaps the real values in, by position.
 *
 * `build` must use each placeholder as a plain value (a where value, a limit), never to choose
 * the query's shape: the shape is fixed at the first call. Placeholders are values no real
 * parameter of the query could equal (they are found among the compiled parameters).
 * Compiled per handle: an owner kind's handle (content/ownedDb.ts) kept for good compiles once,
 * one made for a transaction compiles each time, as a built query would.
 */
export function reusableQuery<Args extends readonly unknown[], Row, D extends Pick<Kysely<never>, 'executeQuery'> = Db>(
  build: (db: D, ...placeholders: Args) => Compilable<Row>,
  placeholders: Args,
): (db: D, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<object, { sql: string; parameters: readonly unknown[]; slots: Array<number | null> }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, ...placeholders).compile();
      // a write run from its compiled text would pass by db/writeWatch.ts, and the caches that drop on it would keep stale rows
      if (!SelectQueryNode.is(query.query)) throw new Error('reusableQuery: reads only (a write must be built, so the write watch sees it)');
      const slots = query.parameters.map((value) => {
        const slot = placeholders.findIndex((p) => Object.is(p, value));
        return slot >= 0 ? slot : null;
      });
      const found = new Set(slots.filter((s): s is number => s !== null));
      if (found.size !== placeholders.length) throw new Error('reusableQuery: every placeholder must appear among the parameters');
      entry = { sql: query.sql, parameters: query.parameters, slots };
      compiled.set(db, entry);
    }
    const { sql, parameters, slots } = entry;
    const values = parameters.map((value, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? value : args[slot];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    return result.rows;
  };
}
