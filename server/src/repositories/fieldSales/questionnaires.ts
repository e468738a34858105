/**
 * Field-sales questionnaires (spec 3 §2 "a questions/questionnaire editor with steps", §3 "questions/steps,
 * each with step_type and question_type"): ordered steps of ordered questions, reused by many
 * tasks. A save writes the order the editor sends; steps and questions sent with their id keep it
 * (and a question its answers), the others are removed.
 */
import type { Questionnaire, QuestionnaireInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { FieldQuestionnaireRow, FieldQuestionRow } from '../../db/tables/fieldSales.table.ts';

export function questionnairesQuery(db: Db, clientId: number) {
  return db.selectFrom('field_questionnaires').selectAll('field_questionnaires')
    .select((eb) => eb.selectFrom('field_tasks as t').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('t.questionnaire_id', '=', 'field_questionnaires.id').where('t.status', '!=', 'deleted').as('tasks_count'))
    .where('field_questionnaires.client_id', '=', clientId);
}
export type QuestionnaireListRow = FieldQuestionnaireRow & { tasks_count: number | string | null };

export async function findQuestionnaire(db: Db, clientId: number, id: number): Promise<FieldQuestionnaireRow | undefined> {
  return db.selectFrom('field_questionnaires').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** The questionnaires as read, steps and questions in order. */
export async function toQuestionnaires(db: Db, rows: readonly QuestionnaireListRow[]): Promise<Questionnaire[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [steps, questions] = await Promise.all([
    db.selectFrom('field_questionnaire_steps').selectAll().where('questionnaire_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    db.selectFrom('field_questions').selectAll().where('questionnaire_id', 'in', ids).orderBy('position').orderBy('id').execute(),
  ]);
  const byStep = new Map<number, FieldQuestionRow[]>();
  for (const q of questions) byStep.set(q.step_id, [...(byStep.get(q.step_id) ?? []), q]);
  return rows.map((r) => {
    const own = steps.filter((s) => s.questionnaire_id === r.id).map((s) => ({
      id: s.id, title: s.title, step_type: s.step_type,
      questions: (byStep.get(s.id) ?? []).map((q) => ({ id: q.id, text: q.text, question_type: q.question_type, required: q.required, options: q.options })),
    }));
    return {
      id: r.id, title: r.title, description: r.description, steps: own,
      questions_count: own.reduce((n, s) => n + s.questions.length, 0), tasks_count: Number(r.tasks_count ?? 0),
    };
  });
}

export async function readQuestionnaire(db: Db, clientId: number, id: number): Promise<Questionnaire | undefined> {
  const rows = await questionnairesQuery(db, clientId).where('field_questionnaires.id', '=', id).execute();
  return (await toQuestionnaires(db, rows))[0];
}

/** Writes the steps and questions in the order given (call inside a transaction). */
async function writeSteps(db: Db, questionnaireId: number, input: QuestionnaireInput): Promise<void> {
  const [oldSteps, oldQuestions] = await Promise.all([
    db.selectFrom('field_questionnaire_steps').select('id').where('questionnaire_id', '=', questionnaireId).execute(),
    db.selectFrom('field_questions').select('id').where('questionnaire_id', '=', questionnaireId).execute(),
  ]);
  const stepIds = new Set(oldSteps.map((s) => s.id));
  const questionIds = new Set(oldQuestions.map((q) => q.id));
  const keptSteps = new Set<number>();
  const keptQuestions = new Set<number>();
  for (const [s, step] of input.steps.entries()) {
    const values = { title: step.title.trim(), step_type: step.step_type, position: s };
    let stepId: number;
    if (step.id !== undefined && stepIds.has(step.id)) {
      stepId = step.id;
      await db.updateTable('field_questionnaire_steps').set(values).where('id', '=', stepId).execute();
    } else {
      stepId = (await db.insertInto('field_questionnaire_steps').values({ ...values, questionnaire_id: questionnaireId }).returning('id').executeTakeFirstOrThrow()).id;
    }
    keptSteps.add(stepId);
    for (const [i, q] of step.questions.entries()) {
      const choice = q.question_type === 'single_choice' || q.question_type === 'multiple_choice';
      const qv = {
        step_id: stepId, text: q.text.trim(), question_type: q.question_type, required: q.required ?? false, position: i,
        options: JSON.stringify(choice ? (q.options ?? []).map((o) => o.trim()) : []),
      };
      if (q.id !== undefined && questionIds.has(q.id)) {
        keptQuestions.add(q.id);
        await db.updateTable('field_questions').set(qv).where('id', '=', q.id).execute();
      } else {
        keptQuestions.add((await db.insertInto('field_questions').values({ ...qv, questionnaire_id: questionnaireId }).returning('id').executeTakeFirstOrThrow()).id);
      }
    }
  }
  const goneQuestions = [...questionIds].filter((id) => !keptQuestions.has(id));
  if (goneQuestions.length) await db.deleteFrom('field_questions').where('id', 'in', goneQuestions).execute();
  const goneSteps = [...stepIds].filter((id) => !keptSteps.has(id));
  if (goneSteps.length) await db.deleteFrom('field_questionnaire_steps').where('id', 'in', goneSteps).execute();
}

export async function insertQuestionnaire(db: Db, clientId: number, input: QuestionnaireInput): Promise<number> {
  const { id } = await db.insertInto('field_questionnaires')
    .values({ client_id: clientId, title: input.title.trim(), description: input.description?.trim() ?? '' })
    .returning('id').executeTakeFirstOrThrow();
  await writeSteps(db, id, input);
  return id;
}

export async function updateQuestionnaire(db: Db, clientId: number, id: number, input: QuestionnaireInput): Promise<boolean> {
  const r = await db.updateTable('field_questionnaires')
    .set({ title: input.title.trim(), description: input.description?.trim() ?? '', updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!Number(r.numUpdatedRows)) return false;
  await writeSteps(db, id, input);
  return true;
}

/** Tasks (not deleted) that use the questionnaire. */
export async function questionnaireInUse(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('field_tasks').select('id').where('questionnaire_id', '=', id).where('status', '!=', 'deleted').executeTakeFirst());
}

export async function deleteQuestionnaire(db: Db, clientId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('field_questionnaires').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The questions of a questionnaire by id, with their step's title (answers keep both texts). */
export async function questionsOf(db: Db, questionnaireId: number) {
  return db.selectFrom('field_questions').innerJoin('field_questionnaire_steps as s', 's.id', 'field_questions.step_id')
    .selectAll('field_questions').select('s.title as step_title')
    .where('field_questions.questionnaire_id', '=', questionnaireId).orderBy('s.position').orderBy('field_questions.position').execute();
}
