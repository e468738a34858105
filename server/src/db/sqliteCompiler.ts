import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * SQLite's compiler with LIMIT written as a literal. SQLite's planner reads a bound LIMIT's value,
 * so it marks that parameter as one whose every new binding expires the statement: better-sqlite3
 * binds on every run, and each run of a `limit ?` statement was compiled again. For the learner's
 * audience question (a statement of twenty subqueries) that was 0.13–0.28 ms a run where running
 * it takes 4 µs (bench/quiz-burst.ts). OFFSET does not do this and stays bound, so paging does not
 * multiply the statements kept. A negative value stays bound too: db/reusableQuery.ts and
 * lib/list.ts use negative placeholders, and SQL gives a negative LIMIT no other use.
 */
export class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const { limit } = node;
    if (ValueNode.is(limit) && typeof limit.value === 'number' && Number.isSafeInteger(limit.value) && limit.value >= 0) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

export class LiteralLimitSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
