import type { OwnedDb } from '../ownedDb.ts';

/**
 * spec 2 §4.6, §4.12 duplicate: the owned content of one owner row copied onto another of the
 * same kind — tests with questions and alternatives, evaluations with questions, support
 * materials. Learner data (attempts, evaluation answers, comments) stays with the original;
 * stored files are shared by path. Answers the test ids, source → copy (a training's hierarchy
 * points at its tests). Run inside a transaction.
 */
export async function copyOwnedContent(db: OwnedDb, sourceId: number, copyId: number): Promise<Map<number, number>> {
  const now = new Date();
  // one insert per row: each copy's id pairs with its source row on both dialects
  const testIds = new Map<number, number>();
  for (const { id, ...test } of await db.selectFrom('owned_tests').selectAll().where('owner_id', '=', sourceId).orderBy('id').execute()) {
    const row = await db.insertInto('owned_tests').values({
      ...test, owner_id: copyId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    testIds.set(id, row.id);
    for (const { id: questionId, ...q } of await db.selectFrom('owned_test_questions').selectAll().where('test_id', '=', id).orderBy('id').execute()) {
      const question = await db.insertInto('owned_test_questions').values({
        ...q, test_id: row.id, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const answers = await db.selectFrom('owned_test_question_answers').selectAll().where('question_id', '=', questionId).orderBy('id').execute();
      if (answers.length) {
        await db.insertInto('owned_test_question_answers')
          .values(answers.map(({ id: _a, ...a }) => ({ ...a, question_id: question.id }))).execute();
      }
    }
  }

  for (const { id, ...e } of await db.selectFrom('owned_evaluations').selectAll().where('owner_id', '=', sourceId).orderBy('id').execute()) {
    const row = await db.insertInto('owned_evaluations').values({ ...e, owner_id: copyId, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const questions = await db.selectFrom('owned_evaluation_questions').selectAll().where('evaluation_id', '=', id).orderBy('id').execute();
    if (questions.length) {
      await db.insertInto('owned_evaluation_questions').values(questions.map(({ id: _q, ...q }) => ({ ...q, evaluation_id: row.id, created_at: now }))).execute();
    }
  }

  const materials = await db.selectFrom('owned_materials').selectAll().where('owner_id', '=', sourceId).orderBy('id').execute();
  if (materials.length) {
    await db.insertInto('owned_materials').values(materials.map(({ id: _m, ...m }) => ({
      ...m, owner_id: copyId, size: m.size === null ? null : Number(m.size), created_at: now, updated_at: now,
    }))).execute();
  }
  return testIds;
}

/**
 * One test with its questions and alternatives onto an owner of another kind (a face-to-face test
 * template's questions into an event's new test): the engine's settings come along, the title,
 * minimum score and status are the caller's. Answers the new test's id. Run inside a transaction.
 */
export async function copyTestTo(
  from: OwnedDb, testId: number, to: OwnedDb, ownerId: number, values: { title: string; minimum_score: number | null; status: number },
): Promise<number> {
  const now = new Date();
  const source = await from.selectFrom('owned_tests').selectAll().where('id', '=', testId).executeTakeFirstOrThrow();
  const row = await to.insertInto('owned_tests').values({
    owner_id: ownerId, title: values.title, minimum_score: values.minimum_score, status: values.status,
    randomize_questions: source.randomize_questions, randomize_answers: source.randomize_answers, qty_total_questions: source.qty_total_questions,
    maximum_attempts: source.maximum_attempts, time_to_answer: source.time_to_answer, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  for (const { id: questionId, test_id: _t, ...q } of await from.selectFrom('owned_test_questions').selectAll().where('test_id', '=', testId).orderBy('position').orderBy('id').execute()) {
    const question = await to.insertInto('owned_test_questions').values({ ...q, test_id: row.id, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const answers = await from.selectFrom('owned_test_question_answers').selectAll().where('question_id', '=', questionId).orderBy('id').execute();
    if (answers.length) {
      await to.insertInto('owned_test_question_answers').values(answers.map(({ id: _a, question_id: _q, ...a }) => ({ ...a, question_id: question.id }))).execute();
    }
  }
  return row.id;
}
