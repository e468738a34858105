import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GROUP_TRAINING_TESTS as C, TEST_IMPORT_ALTERNATIVES } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { TEST_IMPORT_COLUMNS } from '../src/content/testImportSheet.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { tusCreate, xlsxOf, type Cell } from './importFixtures.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { addResult, multipart, tusUpload } from './trainingTestsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const API = '/api';
const ANSWERS = C.answersField;
type Row = { id: number; title: string; line: number; is_mandatory: boolean; error: boolean; errors: string[]; [k: string]: unknown };

/** A template row: question, alternatives (padded to the template's count), correct number, mandatory flag. */
const row = (question: Cell, alternatives: Cell[], correct: Cell, mandatory: Cell = null): Cell[] =>
  [question, ...Array.from({ length: TEST_IMPORT_ALTERNATIVES }, (_, i) => alternatives[i] ?? null), correct, mandatory];
const sheet = (...rows: Cell[][]) => xlsxOf([[...TEST_IMPORT_COLUMNS], ...rows]);

/** spec 2 §2.3 import test dialog, §4.4, §5.5, §7.1 Test import (and spec 1 §5.4 template format). */
describe.each(DIALECTS)('training test import on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: Tokens;
  let colleague: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let trainingId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    colleague = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    trainingId = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo)));
  });
  afterAll(async () => { await t.close(); });

  async function createTest(title = 'Prova importada'): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: `${API}${C.tests(trainingId)}`, ...multipart({ title, group_training_test_type: '1' }, bearer(manager)) });
    if (res.statusCode !== 201) throw new Error(`create test: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  }
  const validate = (testId: number, fileUrl: string, tokens = manager) =>
    t.app.inject({ method: 'POST', url: `${API}${C.validateArchive(testId)}`, ...multipart({ file_url: fileUrl }, bearer(tokens)) });
  const start = (testId: number, rows: unknown, tokens = manager) =>
    t.app.inject({ method: 'POST', url: `${API}${C.startImport(testId)}`, headers: bearer(tokens), payload: rows as object });
  const questionsOf = async (testId: number) =>
    (await t.app.inject({ url: `${API}${C.questions(trainingId, testId)}?page_size=0`, headers: bearer(manager) })).json().results as Array<Record<string, unknown>>;

  it('generates the template: an xlsx with the header and the instructions, downloaded by its maker with the bearer token', async () => {
    const testId = await createTest('=HYPERLINK("http://evil.example","prova")');
    const res = await t.app.inject({ url: `${API}${C.importTemplate(testId)}?import_type=1`, headers: bearer(manager) });
    expect(res.statusCode, res.body).toBe(200);
    const { path_url: url } = res.json();
    expect(url).toMatch(/^\/api\/files\/test_import_templates\/[A-Za-z0-9_-]{24}\.xlsx\/$/);

    const file = await t.app.inject({ url, headers: bearer(manager) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain('modelo-importacao-prova.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const [questions, help] = workbook.worksheets;
    expect(questions!.name).toBe('Questões');
    expect((questions!.getRow(1).values as unknown[]).slice(1)).toEqual([...TEST_IMPORT_COLUMNS]);
    expect(questions!.rowCount).toBe(1);
    expect(questions!.getCell('A1').note).toBeTruthy();
    const texts = (help!.getColumn(1).values as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(texts).toContain('Como preencher o modelo de importação de prova');
    // the test title is data: written escaped, never as a formula
    expect(help!.getCell('A2').value).toBe('Prova');
    expect(help!.getCell('B2').value).toBe('\'=HYPERLINK("http://evil.example","prova")');
    expect(help!.getCell('B2').formula).toBeUndefined();

    // only its maker, only with a session
    expect((await t.app.inject({ url, headers: bearer(colleague) })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${API}${C.importTemplate(testId)}?import_type=2`, headers: bearer(manager) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${API}${C.importTemplate(testId)}`, headers: bearer(reader) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${API}${C.importTemplate(testId)}`, headers: bearer(otherAdmin) })).statusCode).toBe(404);
  });

  it('validates a filled file row by row; start_import creates only the valid questions, in one go', async () => {
    const testId = await createTest();
    // an existing question the file repeats
    await t.app.inject({
      method: 'POST', url: `${API}${C.questions(trainingId, testId)}`, headers: bearer(manager),
      payload: { title: '<p>Já existe?</p>', [ANSWERS]: [{ title: 'Sim', is_correct: true }, { title: 'Não', is_correct: false }] },
    });
    const bytes = await sheet(
      row('Qual é a capital do Brasil?', ['Brasília', 'Rio de Janeiro', 'São Paulo'], 1),
      row('Quanto é 2 < 3?', ['Verdadeiro', null, 'Falso'], 3, 'não'),
      row(null, ['A', 'B'], 1),
      row('Só uma alternativa', ['A'], 1),
      row('Sem correta', ['A', 'B'], null),
      row('Correta vazia', ['A', 'B'], 4),
      row('Repetidas', ['Sim', 'sim '], 1),
      row('Qual é a capital do Brasil?', ['X', 'Y'], 2),
      row('já existe?', ['X', 'Y'], 1),
      row('Obrigatória?', ['A', 'B'], 2, 'talvez'),
      row('x'.repeat(257), ['A', 'B'], 1),
    );
    const fileUrl = await tusUpload(t.app, manager, bytes, 'prova.xlsx');
    const res = await validate(testId, fileUrl);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Row[];
    expect(rows.map((r) => [r.id, r.line, r.error, r.errors])).toEqual([
      [1, 2, false, []],
      [2, 3, false, []],
      [3, 4, true, ['make_sure_that_all_fields_are_filled_in']],
      [4, 5, true, ['question_needs_two_alternatives']],
      [5, 6, true, ['question_needs_one_correct_alternative']],
      [6, 7, true, ['question_needs_one_correct_alternative']],
      [7, 8, true, ['duplicate_alternative']],
      [8, 9, true, ['duplicate_question']],
      [9, 10, true, ['duplicate_question']],
      [10, 11, true, ['validation_error']],
      [11, 12, true, ['title_too_long']],
    ]);
    expect(rows[0]).toMatchObject({
      title: 'Qual é a capital do Brasil?', is_mandatory: true,
      [ANSWERS]: [{ title: 'Brasília', is_correct: true }, { title: 'Rio de Janeiro', is_correct: false }, { title: 'São Paulo', is_correct: false }],
    });
    // alternatives keep their column's number: the third is correct even with the second empty
    expect(rows[1]).toMatchObject({ is_mandatory: false, [ANSWERS]: [{ title: 'Verdadeiro', is_correct: false }, { title: 'Falso', is_correct: true }] });
    // the upload was read once: it cannot be validated again
    expect((await validate(testId, fileUrl)).statusCode).toBe(404);

    const imported = await start(testId, rows);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2, skipped: 9 });
    const stored = await questionsOf(testId);
    expect(stored.map((q) => [q.title, q.is_mandatory])).toEqual([
      ['<p>Já existe?</p>', true], ['<p>Qual é a capital do Brasil?</p>', true], ['<p>Quanto é 2 &lt; 3?</p>', false],
    ]);
    expect(stored[2]![ANSWERS]).toEqual([
      { id: expect.any(Number), title: '<p>Verdadeiro</p>', is_correct: false }, { id: expect.any(Number), title: '<p>Falso</p>', is_correct: true },
    ]);
    // importing the same list again: every question is now a repeat
    const again = await start(testId, rows);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('test_import_error');
    expect(await questionsOf(testId)).toHaveLength(3);
  });

  it('never trusts the posted array: rows are validated again and flagged ones skipped', async () => {
    const testId = await createTest();
    const answers = (correct: number[]) => ['A', 'B', 'C'].map((title, i) => ({ title, is_correct: correct.includes(i) }));
    const res = await start(testId, [
      { id: 1, title: 'Válida', [ANSWERS]: answers([0]), error: false },
      { id: 2, title: 'Duas corretas', [ANSWERS]: answers([0, 1]), error: false },
      { id: 3, title: 'Sinalizada', [ANSWERS]: answers([1]), error: true },
      { id: 4, title: '   ', [ANSWERS]: answers([2]), error: false },
      { id: 5, title: 'válida', [ANSWERS]: answers([2]), error: false },
      { id: 6, title: '<script>alert(1)</script>', [ANSWERS]: answers([2]), error: false, is_mandatory: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, skipped: 4 });
    const stored = await questionsOf(testId);
    expect(stored.map((q) => q.title)).toEqual(['<p>Válida</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>']);
    expect(stored[1]!.is_mandatory).toBe(false);
    expect((await start(testId, [{ title: 'x', [ANSWERS]: [] }])).json().code).toBe('test_import_error');
    expect((await start(testId, {})).statusCode).toBe(400);
  });

  it('never evaluates formulas: a cached result or the formula text is imported as text', async () => {
    const testId = await createTest();
    const bytes = await sheet(
      row({ formula: 'CONCATENATE("Pergunta"," calculada")', result: 'Resultado guardado' } as Cell,
        [{ formula: '1+1', result: 5 } as Cell, { formula: 'HYPERLINK("http://evil.example","x")' } as Cell], { formula: '0+1', result: 1 } as Cell),
    );
    const rows = (await validate(testId, await tusUpload(t.app, manager, bytes, 'formulas.xlsx'))).json() as Row[];
    expect(rows).toEqual([expect.objectContaining({
      title: 'Resultado guardado', error: false,
      [ANSWERS]: [{ title: '5', is_correct: true }, { title: '=HYPERLINK("http://evil.example","x")', is_correct: false }],
    })]);
    expect((await start(testId, rows)).statusCode).toBe(200);
    expect((await questionsOf(testId))[0]![ANSWERS]).toMatchObject([{ title: '<p>5</p>' }, { title: '<p>=HYPERLINK("http://evil.example","x")</p>' }]);
  });

  it('refuses what is not the template: not an xlsx, another header, no questions; the upload is discarded', async () => {
    const testId = await createTest();
    const refused = async (bytes: Buffer, name = 'prova.xlsx') => {
      const url = await tusUpload(t.app, manager, bytes, name);
      const res = await validate(testId, url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('test_validation_error');
      expect((await validate(testId, url)).statusCode).toBe(404);
    };
    await refused(Buffer.from('question,alternative_1\nQ,A\n'));
    await refused(Buffer.from('PK\u0003\u0004 not really a zip'));
    await refused(await xlsxOf([['pergunta', 'a1', 'a2'], ['Q', 'A', 'B']]));
    await refused(await sheet());
    // only .xlsx is accepted by the upload itself
    const csv = await tusCreate(t.app, manager, 10, { filename: 'prova.csv', filetype: 'text/csv', kind: C.uploadKind });
    expect(csv.statusCode).toBe(400);
    expect(await questionsOf(testId)).toEqual([]);
  });

  it('checks who uploads and whose upload it is', async () => {
    const testId = await createTest();
    const bytes = await sheet(row('Q', ['A', 'B'], 1));
    // trainings_manage is needed to upload this kind
    expect((await tusCreate(t.app, reader, bytes.length, { filename: 'p.xlsx', filetype: 'x', kind: C.uploadKind })).statusCode).toBe(403);
    const url = await tusUpload(t.app, manager, bytes, 'p.xlsx');
    expect((await validate(testId, url, colleague)).statusCode).toBe(404);
    expect((await validate(testId, url, reader)).statusCode).toBe(403);
    expect((await validate(testId, url, otherAdmin)).statusCode).toBe(404);
    // an upload of another kind is not an import file
    const other = await tusUpload(t.app, su, bytes, 'users.xlsx', 'import');
    expect((await validate(testId, other, su)).statusCode).toBe(404);
    expect((await validate(testId, url)).statusCode).toBe(200);
    expect((await start(testId, [{ title: 'Q', [ANSWERS]: [{ title: 'A', is_correct: true }, { title: 'B', is_correct: false }] }], otherAdmin)).statusCode).toBe(404);
  });

  it('spec 2 §4.4: a test with results cannot import', async () => {
    const testId = await createTest();
    await addResult(t.app, testId, await userId(t.app, DEMO.learner.email));
    const url = await tusUpload(t.app, manager, await sheet(row('Q', ['A', 'B'], 1)), 'p.xlsx');
    const res = await validate(testId, url);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('test_has_user_results');
    const run = await start(testId, [{ title: 'Q', [ANSWERS]: [{ title: 'A', is_correct: true }, { title: 'B', is_correct: false }] }]);
    expect(run.statusCode).toBe(409);
    expect(run.json().code).toBe('test_has_user_results');
    expect(await questionsOf(testId)).toEqual([]);
  });
});
