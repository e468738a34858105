/**
 * Who must hear that some tables changed: a Kysely plugin sees every insert, update and delete
 * built with the query builder and names its table; a driver wrapper tells again once a
 * transaction that wrote them commits. Told at the statement, a cache that reads the rows again
 * at once may still see the old ones (another Postgres connection reads the committed state
 * until the commit), so listeners hear both: at the statement and after the commit
 * (docs/security.md "Session cache"). Raw `sql` statements are not seen.
 */
import {
  AliasNode, DeleteQueryNode, InsertQueryNode, TableNode, UpdateQueryNode,
  type DatabaseConnection, type Dialect, type Driver, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type TransactionSettings, type UnknownRow,
} from 'kysely';

export type WriteKind = 'insert' | 'update' | 'delete';

export interface WriteWatch {
  /** `listener` hears writes of `kinds` to `tables`, at the statement and after its transaction commits */
  on(watch: Readonly<Record<string, readonly WriteKind[]>>, listener: () => void): void;
  /** writes another process made (an import worker): their listeners hear them now */
  wrote(tables: readonly string[]): void;
  readonly plugin: KyselyPlugin;
  /** the dialect whose commits tell listeners whose tables the transaction wrote */
  wrapDialect(dialect: Dialect): Dialect;
}

function tableName(node: OperationNode): string[] {
  if (TableNode.is(node)) return [node.table.identifier.name];
  if (AliasNode.is(node) && TableNode.is(node.node)) return [node.node.table.identifier.name];
  return [];
}

function writeOf(node: RootOperationNode): { kind: WriteKind; tables: string[] } | null {
  if (InsertQueryNode.is(node)) return { kind: 'insert', tables: node.into ? tableName(node.into) : [] };
  if (UpdateQueryNode.is(node)) return { kind: 'update', tables: node.table ? tableName(node.table) : [] };
  if (DeleteQueryNode.is(node)) return { kind: 'delete', tables: node.from.froms.flatMap(tableName) };
  return null;
}

export function createWriteWatch(): WriteWatch {
  const listeners: { watch: Readonly<Record<string, readonly WriteKind[]>>; listener: () => void }[] = [];
  // listeners told at a statement since the last commit; told again at the next one (any
  // connection's: telling twice costs a cache miss, missing a commit would keep a stale entry)
  const pending = new Set<() => void>();

  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const write = writeOf(node);
      if (!write) return node;
      for (const { watch, listener } of listeners) {
        if (write.tables.some((t) => watch[t]?.includes(write.kind))) {
          pending.add(listener);
          listener();
        }
      }
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };

  const committed = () => {
    const told = [...pending];
    pending.clear();
    for (const listener of told) listener();
  };

  function wrapDriver(driver: Driver): Driver {
    return {
      init: () => driver.init(),
      acquireConnection: () => driver.acquireConnection(),
      beginTransaction: (c: DatabaseConnection, s: TransactionSettings) => driver.beginTransaction(c, s),
      async commitTransaction(c) {
        await driver.commitTransaction(c);
        committed();
      },
      async rollbackTransaction(c) {
        await driver.rollbackTransaction(c);
        committed();
      },
      ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
      ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
      ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
      releaseConnection: (c) => driver.releaseConnection(c),
      destroy: () => driver.destroy(),
    };
  }

  return {
    on(watch, listener) {
      listeners.push({ watch, listener });
    },
    wrote(tables) {
      for (const { watch, listener } of listeners) if (tables.some((t) => watch[t])) listener();
    },
    plugin,
    wrapDialect(dialect) {
      return {
        createAdapter: () => dialect.createAdapter(),
        createDriver: () => wrapDriver(dialect.createDriver()),
        createIntrospector: (db) => dialect.createIntrospector(db),
        createQueryCompiler: () => dialect.createQueryCompiler(),
      };
    },
  };
}
