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
