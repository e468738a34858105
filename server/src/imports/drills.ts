/**
 * The drills import (spec 1 §1 "bulk imports (… drills …)", §4.3, §8.4 "drills validation/import
 * errors"): one question per line with two to five alternatives and the number of the correct one,
 * added to a drill of the selected client named by its title. Questions are only added (a question
 * already in the drill is refused as `drill_import_error`); the drill's own rows are the core's
 * (DRILL_OWNER's tables, docs/architecture/owned-content.md), written through the same virtual tables.
 * Plain shared rules only: the worker does not load the contract.
 */
import { htmlToPlainText } from '@lp/shared/rules';
import { ownedDb } from '../content/ownedDb.ts';
import { lookupKey } from './lookups.ts';
import { firstPerField, readColumns, slices, type ImportKind, type RowError } from './rows.ts';

/** the drill's tables (content/owners.ts DRILL_OWNER; that module loads the contract) */
const DRILL_TABLES = { ownerTable: 'drills', tablePrefix: 'drill' };
const ALTERNATIVES = ['alternative_1', 'alternative_2', 'alternative_3', 'alternative_4', 'alternative_5'] as const;

export interface DrillQuestionImportValue {
  drillId: number;
  /** HTML: the cell's text, escaped, as one paragraph */
  title: string;
  /** the plain text the repeat checks compare */
  key: string;
  alternatives: Array<{ title: string; is_correct: boolean }>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const drillsKind: ImportKind<DrillQuestionImportValue> = {
  parse(raw, ctx) {
    const { text, ref, errors } = readColumns('drills', raw, ctx.lookups);
    const filled = ALTERNATIVES.map((key, i) => ({ key, n: i + 1, title: text[key] })).filter((a) => a.title !== null);
    const correct = text.correct === null ? null : Number(text.correct);
    const problems: RowError[] = [...errors];
    // spec 2 §5.4 on a question: alternatives without gaps, one correct among them (spec 1 §8.4 drills validation error)
    if (filled.some((a, i) => a.n !== i + 1)) problems.push({ field: 'alternative_3', code: 'drill_validation_error' });
    else if (correct !== null && (!Number.isInteger(correct) || correct < 1 || correct > filled.length)) problems.push({ field: 'correct', code: 'drill_validation_error' });
    else if (new Set(filled.map((a) => lookupKey(a.title!))).size !== filled.length) problems.push({ field: 'alternative_2', code: 'drill_validation_error' });
    const all = firstPerField(problems);
    if (all.length) return { value: null, errors: all };
    const question = text.question!;
    return {
      errors: [],
      value: {
        drillId: ref.drill as number,
        title: `<p>${escapeHtml(question)}</p>`,
        key: lookupKey(question),
        alternatives: filled.map((a) => ({ title: `<p>${escapeHtml(a.title!)}</p>`, is_correct: a.n === correct })),
      },
    };
  },

  fileKeys(v) {
    return [{ field: 'question', value: `${v.drillId}:${v.key}`, code: 'value_repeated_in_file' }];
  },

  async resolve(db, values, ctx) {
    const drillIds = [...new Set(values.map((v) => v.drillId))];
    const existing = new Set<string>();
    for (const slice of slices(drillIds)) {
      const rows = await ownedDb(db, DRILL_TABLES).selectFrom('owned_test_questions as q').innerJoin('owned_tests as t', 't.id', 'q.test_id')
        .innerJoin('owned_owners as o', 'o.id', 't.owner_id')
        .select(['t.owner_id', 'q.title']).where('o.client_id', '=', ctx.clientId).where('t.owner_id', 'in', slice).execute();
      for (const r of rows) existing.add(`${r.owner_id}:${lookupKey(htmlToPlainText(r.title))}`);
    }
    return values.map((v) => ({
      existingId: null,
      errors: existing.has(`${v.drillId}:${v.key}`) ? [{ field: 'question', code: 'drill_import_error' }] : [],
    }));
  },

  async apply(trx, rows) {
    const db = ownedDb(trx, DRILL_TABLES);
    const tests = new Map<number, { id: number; next: number }>();
    const now = new Date();
    for (const { value } of rows) {
      let test = tests.get(value.drillId);
      if (!test) {
        const row = await db.selectFrom('owned_tests').select('id').where('owner_id', '=', value.drillId).orderBy('id').executeTakeFirstOrThrow();
        const last = await db.selectFrom('owned_test_questions').select((eb) => eb.fn.max<number>('position').as('last')).where('test_id', '=', row.id).executeTakeFirst();
        test = { id: row.id, next: last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1 };
        tests.set(value.drillId, test);
      }
      const { id } = await db.insertInto('owned_test_questions').values({
        test_id: test.id, title: value.title, is_mandatory: false, position: test.next, status: 1, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      test.next += 1;
      await db.insertInto('owned_test_question_answers')
        .values(value.alternatives.map((a, position) => ({ question_id: id, title: a.title, is_correct: a.is_correct, position }))).execute();
    }
    return { created: rows.length, updated: 0 };
  },

  conflictOf() {
    return null;
  },
};
