import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { RenameTablesPlugin } from '../db/renameTables.ts';
import { realTableNames, type OwnedTables, type OwnedTablesOf } from './tables.ts';

export type OwnedDatabase = Database & OwnedTables;

/** A database handle (or transaction) whose `owned_*` tables are one owner kind's real tables. */
export type OwnedDb = Kysely<OwnedDatabase> | Transaction<OwnedDatabase>;

const plugins = new WeakMap<OwnedTablesOf, RenameTablesPlugin>();

/**
 * `db` (a transaction too) seen through an owner kind: `withTables` only adds the virtual
 * tables' types, the shared RenameTablesPlugin names the owner's real tables in every query built on the handle.
 * One plugin per owner declaration; the handle itself is a cheap wrapper over the same executor.
 */
export function ownedDb(db: Db, owner: OwnedTablesOf): OwnedDb {
  let plugin = plugins.get(owner);
  if (!plugin) plugins.set(owner, plugin = new RenameTablesPlugin(realTableNames(owner)));
  return db.isTransaction
    ? (db as Transaction<Database>).withPlugin(plugin).withTables<OwnedTables>()
    : db.withPlugin(plugin).withTables<OwnedTables>();
}
