import {
  OperationNodeTransformer, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId,
  type QueryResult, type RootOperationNode, type TableNode, type UnknownRow,
} from 'kysely';
import { realTableNames, type OwnedTableName, type OwnedTablesOf } from './tables.ts';

/**
 * Names one owner's real tables in place of the virtual `owned_*` ones. Every table name in a
 * query is a TableNode — in FROM, JOIN, INTO, UPDATE, DELETE, a table alias's source, a column
 * reference (`owned_tests.id`, `selectAll('owned_tests')`), and `sql.table` / `sql.ref` inside
 * raw SQL — so rewriting that one node kind (as Kysely's own WithSchemaPlugin does for schemas)
 * covers them all. Aliases (`owned_tests as t`) keep their alias. `sql.id` and `sql.raw` are
 * plain identifiers and text: they are not rewritten.
 */
class OwnedTablesTransformer extends OperationNodeTransformer {
  readonly #names: ReadonlyMap<string, string>;

  constructor(names: Readonly<Record<OwnedTableName, string>>) {
    super();
    this.#names = new Map(Object.entries(names));
  }

  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    const transformed = super.transformTable(node, queryId);
    const real = this.#names.get(transformed.table.identifier.name);
    if (real === undefined) return transformed;
    return {
      ...transformed,
      table: { ...transformed.table, identifier: { ...transformed.table.identifier, name: real } },
    };
  }
}

export class OwnedTablesPlugin implements KyselyPlugin {
  readonly #transformer: OwnedTablesTransformer;

  constructor(owner: OwnedTablesOf) {
    this.#transformer = new OwnedTablesTransformer(realTableNames(owner));
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
