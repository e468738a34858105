import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRILL_PATHS, type ChoiceQuestion, type Drill } from '@lp/shared/contract';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { getImport, logsOf, processImport, validated } from './importFixtures.ts';
import { loginSuperuser } from './userFixtures.ts';

/**
 * spec 1 §1 "bulk imports (… drills …)", §4.3 (save and validate, then process), §8.4 "drills
 * validation/import errors": one question per line into a drill of the selected client.
 */
describe.each(DIALECTS)('drills import on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('validates each line, then adds the valid questions with their correct alternative', async () => {
    const created = await t.app.inject({
      method: 'POST', url: `/api${DRILL_PATHS.collection}`, headers: bearer(su),
      payload: { title: 'Drill importado', start_date: '2026-11-23', end_date: '2026-11-29', date_type: 'range', minimum_score: 1, qty_questions_frequency: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const drill = created.json<Drill>();
    const existing = await t.app.inject({
      method: 'POST', url: `/api${DRILL_PATHS.questions(drill.id)}`, headers: bearer(su),
      payload: { title: 'Já existe?', alternatives: [{ title: 'Sim', is_correct: true }, { title: 'Não', is_correct: false }] },
    });
    expect(existing.statusCode).toBe(201);

    const record = await validated(t.app, su, 'drills', [
      { drill: 'Drill importado', question: 'Qual a cor do extintor de água?', alternative_1: 'Vermelho', alternative_2: 'Azul', alternative_3: 'Verde', correct: 1 },
      { drill: 'drill IMPORTADO', question: 'Use <b>luvas</b>?', alternative_1: 'Sim', alternative_2: 'Não', correct: '2' },
      { drill: 'Drill importado', question: 'Sem a certa', alternative_1: 'A', alternative_2: 'B', correct: 3 },
      { drill: 'Drill importado', question: 'Com buraco', alternative_1: 'A', alternative_2: 'B', alternative_4: 'D', correct: 1 },
      { drill: 'Drill importado', question: 'Já existe?', alternative_1: 'Sim', alternative_2: 'Não', correct: 1 },
      { drill: 'Outro drill', question: 'Sem drill', alternative_1: 'A', alternative_2: 'B', correct: 1 },
      { drill: 'Drill importado', question: 'Qual a cor do extintor de água?', alternative_1: 'Vermelho', alternative_2: 'Azul', correct: 2 },
    ]);
    expect(record).toMatchObject({ status: 'validated', total_rows: 7, error_count: 5 });
    const logs = (await logsOf(t.app, su, record.id)).filter((l) => l.log_type === 'error').map((l) => [l.line, l.field, l.code]);
    expect(logs).toEqual(expect.arrayContaining([
      [4, 'correct', 'drill_validation_error'],
      [5, 'alternative_3', 'drill_validation_error'],
      [6, 'question', 'drill_import_error'],
      [7, 'drill', 'unknown_value'],
      [8, 'question', 'value_repeated_in_file'],
    ]));

    expect((await processImport(t.app, su, record.id)).statusCode).toBe(202);
    await t.app.jobs.idle();
    // the lines with errors are left out: the import ends "with errors" (spec 1 §4.3)
    expect(await getImport(t.app, su, record.id)).toMatchObject({ status: 'with_errors', created_count: 2 });
    const questions = (await t.app.inject({ url: `/api${DRILL_PATHS.questions(drill.id)}`, headers: bearer(su) })).json<ChoiceQuestion[]>();
    expect(questions.map((q) => q.title)).toEqual(['Já existe?', '<p>Qual a cor do extintor de água?</p>', '<p>Use &lt;b&gt;luvas&lt;/b&gt;?</p>']);
    expect(questions[2]!.alternatives).toEqual([expect.objectContaining({ title: '<p>Sim</p>', is_correct: false }), expect.objectContaining({ title: '<p>Não</p>', is_correct: true })]);
  });
});
