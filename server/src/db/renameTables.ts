/**
 * Virtual table names for generic repositories over per-owner tables. A repository written once
 * for every owner kind (the audience links of a training, a webcast, a podcast …) builds its
 * queries over virtual names declared with `db.withTables<T>()`; this plugin renames them into the
 * owner's real tables just before the query is compiled, so the generic code is typed against one
 * shape and never casts a table name.
 *
 * What is renamed: every table node — `selectFrom`, joins, aliases (`'audience_areas as a'`),
 * subqueries, `exists`, `insertInto`, `updateTable`, `deleteFrom`, `selectAll('t')`, qualified
 * references (`'audience_areas.owner_id'`), and `sql.table()` / `sql.ref()` inside raw SQL.
 * What is not: text in `sql.raw()` and in the template's literal parts, which are not nodes.
 */
import {
  IdentifierNode, OperationNodeTransformer, type Expression, type Kysely, type KyselyPlugin, type OperationNode,
  type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type QueryResult, type RootOperationNode,
  type TableNode, type UnknownRow,
} from 'kysely';

class TableRenamer extends OperationNodeTransformer {
  readonly #names: ReadonlyMap<string, string>;

  constructor(names: Readonly<Record<string, string>>) {
    super();
    this.#names = new Map(Object.entries(names));
  }

  protected override transformTable(node: TableNode, queryId?: QueryId): TableNode {
    const transformed = super.transformTable(node, queryId);
    const renamed = this.#names.get(transformed.table.identifier.name);
    if (renamed === undefined) return transformed;
    return { ...transformed, table: { ...transformed.table, identifier: IdentifierNode.create(renamed) } };
  }
}

/** An expression whose node was already renamed: it can be placed in a query of any `db`. */
class RenamedExpression<T> implements Expression<T> {
  readonly #node: OperationNode;

  constructor(node: OperationNode) {
    this.#node = node;
  }

  get expressionType(): T | undefined {
    return undefined;
  }

  toOperationNode(): OperationNode {
    return this.#node;
  }
}

export class RenameTablesPlugin implements KyselyPlugin {
  readonly #renamer: TableRenamer;

  /** `names`: virtual table name → real table name. */
  constructor(names: Readonly<Record<string, string>>) {
    this.#renamer = new TableRenamer(names);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#renamer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /**
   * The expression with its virtual tables renamed now. A plugin only rewrites the queries its
   * own `db` runs; a where-clause built over virtual tables and handed to a query of the plain
   * `db` (a learner list filtered by an audience rule) is renamed here first.
   */
  rename<T>(expression: Expression<T>): Expression<T> {
    return new RenamedExpression<T>(this.#renamer.transformNode(expression.toOperationNode()));
  }
}

/**
 * `db` (or a transaction) that also knows the virtual tables `T`, renamed on the way out by
 * `names` (every virtual table → its real one). A transaction stays that transaction.
 */
export function withRenamedTables<T extends Record<string, Record<string, unknown>>, DB>(
  db: Kysely<DB>, names: Readonly<Record<keyof T & string, string>>,
): Kysely<DB & T> {
  return db.withTables<T>().withPlugin(new RenameTablesPlugin(names));
}
