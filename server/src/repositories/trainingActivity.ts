/** Whether learners have done activities of trainings (spec 2 §4.6 has_done_activities). */
import type { Db } from '../db/database.ts';

/**
 * spec 2 §4.6 has_done_activities: some learner has done an activity of the training — has
 * progress in one of its modules, or finished an attempt at one of its tests.
 */
export async function trainingsWithDoneActivities(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('group_trainings').select('group_trainings.id')
    .where('group_trainings.id', 'in', ids)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('group_training_module_progress').select('group_training_module_progress.id')
        .whereRef('group_training_module_progress.group_training_id', '=', 'group_trainings.id')),
      eb.exists(eb.selectFrom('group_training_test_results')
        .innerJoin('group_training_tests', 'group_training_tests.id', 'group_training_test_results.test_id')
        .select('group_training_test_results.id')
        .whereRef('group_training_tests.owner_id', '=', 'group_trainings.id')
        .where('group_training_test_results.status', '!=', 'in_progress')),
    ]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function hasDoneActivities(db: Db, id: number): Promise<boolean> {
  return (await trainingsWithDoneActivities(db, [id])).has(id);
}
