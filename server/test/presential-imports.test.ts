import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, PRESENTIAL_IMPORT_UPLOAD_KIND, PRESENTIAL_RESULT_PATHS as R, type AppointmentImportType, type AppointmentResults } from '@lp/shared/contract';
import { LANGUAGES } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { sheetRowsOf, tusCreate, tusPatch, xlsxOf, type Cell } from './importFixtures.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { P, appointmentBody, approve, call, makeAppointment, makeEvent, makeType } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * Issue 17 item 5; spec 3 §2 "import results"; spec 1 §6.2 presential_import_results,
 * subscription_import_results, §4.3 validate → process, §8.4: the results and the subscriptions of
 * one appointment from xlsx templates through the import engine, with the screens' rules.
 */
describe.each(DIALECTS)('face-to-face imports on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let importer: { id: number; tokens: Tokens };
  let instructor: number;
  let type: number;
  const learners: Learner[] = [];
  const emails: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    importer = await adminWith(t.app, su, c.demo, ['finish_events', 'presential_import_results', 'subscription_import_results']);
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 3);
    for (let i = 0; i < 4; i++) {
      const l = await makeLearner(t.app, su, c.demo);
      await t.app.db.updateTable('users').set({ document: `1234567890${i}` }).where('id', '=', l.id).execute();
      emails.push((await t.app.db.selectFrom('users').select('email').where('id', '=', l.id).executeTakeFirstOrThrow()).email);
      learners.push(l);
    }
  });
  afterAll(async () => { await t.close(); });

  async function uploadAs(tokens: Tokens, bytes: Buffer): Promise<string> {
    const created = await tusCreate(t.app, tokens, bytes.length, { filename: 'import.xlsx', kind: PRESENTIAL_IMPORT_UPLOAD_KIND });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect((await tusPatch(t.app, tokens, location, 0, bytes)).statusCode).toBe(204);
    return location.split('/').pop()!;
  }
  const getRecord = async (id: number, importId: number, tokens = importer.tokens) => (await call(t.app, tokens, 'GET', R.importItem(id, importId))).json();
  async function settled(id: number, importId: number) {
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.idle();
      const record = await getRecord(id, importId);
      if (record.status !== 'awaiting' && record.status !== 'processing') return record;
      await new Promise((resolve) => { setTimeout(resolve, 100); });
    }
    throw new Error('import did not settle');
  }
  /** Upload, validate, process: the record at the end and the error log entries [line, field, code]. */
  async function runImport(id: number, kind: AppointmentImportType, records: Array<Record<string, Cell>>) {
    const uploadId = await uploadAs(importer.tokens, await xlsxOf(sheetRowsOf(kind, records)));
    const created = await call(t.app, importer.tokens, 'POST', R.imports(id), { import_type: kind, upload_id: uploadId });
    expect(created.statusCode, created.body).toBe(201);
    const importId = created.json().id as number;
    const validated = await settled(id, importId);
    if (validated.status === 'validated') {
      expect((await call(t.app, importer.tokens, 'POST', R.importProcess(id, importId))).statusCode).toBe(202);
    }
    const record = await settled(id, importId);
    const logs = (await call(t.app, importer.tokens, 'GET', `${R.importLogs(id, importId)}?page_size=0`)).json().results as Array<{ line: number | null; field: string | null; code: string; log_type: string; content: string }>;
    return { validated, record, errors: logs.filter((l) => l.log_type === 'error').map((l) => [l.line, l.field, l.code]), logs };
  }

  const newAppointment = async (maximum: number | null = null) => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: `Importada ${Math.random()}`, maximum_participants: maximum }));
    const first = await makeEvent(t.app, su, id, { date: '2026-12-10', start_hour: '09:00' });
    const second = await makeEvent(t.app, su, id, { date: '2026-12-11', start_hour: '14:00' });
    await approve(t.app, su, id);
    return { id, first, second };
  };

  it('downloads a template with the appointment\'s events and the result words as drop-downs', async () => {
    const { id } = await newAppointment();
    for (const kind of ['presential_subscriptions', 'presential_results'] as const) {
      const res = await t.app.inject({ url: `/api${R.importTemplate(id, kind)}`, headers: bearer(importer.tokens) });
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const lists = workbook.getWorksheet('lists')!;
      const columns = (lists.getRow(1).values as unknown[]).slice(1);
      const values = (name: string) => lists.getColumn(columns.indexOf(name) + 1).values.slice(2).filter(Boolean);
      if (kind === 'presential_subscriptions') expect(values('presential_events')).toEqual(['2026-12-10 09:00', '2026-12-11 14:00']);
      else {
        // the words in the importing user's language (pt-br here), not the slugs
        expect(values('training_results')).toContain('Aprovado');
        expect(values('training_results')).not.toContain('approved');
        expect(values('presences')).toEqual(['Presente', 'Ausente']);
      }
      const data = workbook.worksheets[0]!;
      expect(JSON.stringify(data.model)).toContain('lists!$');
    }
  });

  it('subscriptions: a bad row is logged with its line, the good ones enroll with the screen\'s rules, a re-run changes nothing', async () => {
    const { id, first, second } = await newAppointment(3);
    const rows = [
      { email: emails[0], event: '2026-12-10 09:00' },
      { document: '123.456.789-01', event: String(second) },
      { email: 'nobody@example.com', event: '2026-12-10 09:00' },
      { email: emails[2], event: '2026-12-31 10:00' },
      { email: emails[0]!.toUpperCase(), event: '2026-12-11 14:00' },
      { email: emails[2], event: '10/12/2026 09:00' },
      { email: emails[3], event: '2026-12-10 09:00' },
    ];
    const { validated, record, errors } = await runImport(id, 'presential_subscriptions', rows);
    expect(validated).toMatchObject({ status: 'validated', total_rows: 7 });
    expect(errors).toEqual(expect.arrayContaining([
      [4, 'email', 'presential_participant_not_found'],
      [5, 'event', 'unknown_value'],
      [6, 'email', 'value_repeated_in_file'],
      // the appointment's maximum (3): the fourth enrollment is refused as bulk_add refuses it
      [8, 'email', 'the_number_of_users_selected_is_greater_than_the_number_of_places_available'],
    ]));
    expect(record).toMatchObject({ status: 'with_errors', created_count: 3 });
    const enrolled = await t.app.db.selectFrom('presential_enrollments').select(['user_id', 'event_id']).where('appointment_id', '=', id).orderBy('user_id').execute();
    expect(enrolled).toEqual([
      { user_id: learners[0]!.id, event_id: first }, { user_id: learners[1]!.id, event_id: second }, { user_id: learners[2]!.id, event_id: first },
    ]);

    const again = await runImport(id, 'presential_subscriptions', rows.slice(0, 2));
    expect(again.record).toMatchObject({ status: 'finalized', created_count: 0, updated_count: 0, error_count: 0 });
    expect(await t.app.db.selectFrom('presential_enrollments').select('id').where('appointment_id', '=', id).execute()).toHaveLength(3);

    // the end of the pass links to the appointment's tab, where the importer (no imports screen) reads the import and its log
    const notes = (await t.app.inject({ url: '/api/notifications/', headers: bearer(importer.tokens) })).json().results as Array<{ kind: string; payload: { id: number; link: string } }>;
    const finished = notes.find((n) => n.kind !== 'import_validated' && n.payload.id === record.id);
    expect(finished?.payload.link).toBe(`/admin/presential/appointments/${id}/subscribers?import=${record.id}`);
    expect((await t.app.inject({ url: `/api${ADMIN_RESOURCES.imports.apiPath}${record.id}/`, headers: bearer(importer.tokens) })).statusCode).toBe(403);
    expect((await call(t.app, importer.tokens, 'GET', R.importItem(id, record.id))).statusCode).toBe(200);
    expect((await call(t.app, importer.tokens, 'GET', `${R.importLogs(id, record.id)}?page_size=0&log_type=error`)).json().results).toHaveLength(4);
  });

  it('results: the Results tab\'s rules, logged per line in the reader\'s language; a re-run changes nothing; refused once finalized', async () => {
    const { id, first } = await newAppointment();
    expect((await call(t.app, su, 'POST', P.subscribersAdd(id), { event_id: first, user_ids: learners.slice(0, 3).map((l) => l.id) })).statusCode).toBe(200);
    const rows = [
      { email: emails[0], presence: 'present', result: 'approved', score: 95, correct_answers: 19, observation: 'Ótimo' },
      { document: '12345678901', presence: 'absent', result: 'approved' },
      { email: emails[3], presence: 'present', result: 'approved' },
      { email: emails[2], presence: 'present', result: 'reproved', score: '40,5' },
      { email: emails[1], score: 'muito' },
      { email: emails[2], result: 'talvez' },
    ];
    const { record, errors, logs } = await runImport(id, 'presential_results', rows);
    expect(errors).toEqual(expect.arrayContaining([
      [3, 'result', 'an_absent_participant_cannot_be_approved'],
      [4, 'email', 'presential_participant_not_found'],
      [6, 'score', 'validation_error'],
      [7, 'result', 'unknown_value'],
    ]));
    expect(record).toMatchObject({ status: 'with_errors', updated_count: 2 });
    expect(logs.find((l) => l.line === 4)!.content).toContain('Participante não encontrado');
    const saved = (await call(t.app, su, 'GET', R.results(id))).json<AppointmentResults>();
    const of = (userId: number) => saved.rows.find((r) => r.user.id === userId)!;
    expect(of(learners[0]!.id)).toMatchObject({ presence: 'present', result: 'approved', score: 95, correct_answers: 19, observation: 'Ótimo' });
    expect(of(learners[1]!.id)).toMatchObject({ presence: null, result: null });
    expect(of(learners[2]!.id)).toMatchObject({ presence: 'present', result: 'reproved', score: 40.5 });

    const again = await runImport(id, 'presential_results', [rows[0]!, rows[3]!]);
    expect(again.record).toMatchObject({ status: 'finalized', updated_count: 0, error_count: 0 });

    // finished and finalized: the results can no longer change
    expect((await call(t.app, su, 'POST', P.action(id, 'finish'), {})).statusCode).toBe(200);
    const fill = await call(t.app, su, 'PUT', R.results(id), { rows: [{ enrollment_id: of(learners[1]!.id).enrollment_id, presence: 'absent', result: 'forfeit' }] });
    expect(fill.statusCode, fill.body).toBe(200);
    expect((await call(t.app, su, 'POST', R.finalize(id))).statusCode).toBe(200);
    const late = await runImport(id, 'presential_results', [{ email: emails[2], result: 'approved' }]);
    expect(late.record.status).toBe('with_errors');
    expect(late.errors).toEqual([[2, null, 'presential_results_already_finalized']]);
  });

  it('the results template\'s words follow the user\'s language, and are read back in any language or as slugs', async () => {
    const { id, first } = await newAppointment();
    expect((await call(t.app, su, 'POST', P.subscribersAdd(id), { event_id: first, user_ids: learners.slice(0, 3).map((l) => l.id) })).statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ language_id: LANGUAGES.find((l) => l.code === 'en-us')!.id }).where('id', '=', importer.id).execute();
    try {
      const res = await t.app.inject({ url: `/api${R.importTemplate(id, 'presential_results')}`, headers: bearer(importer.tokens) });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const lists = workbook.getWorksheet('lists')!;
      const columns = (lists.getRow(1).values as unknown[]).slice(1);
      const values = (name: string) => lists.getColumn(columns.indexOf(name) + 1).values.slice(2).filter(Boolean);
      expect(values('presences')).toEqual(['Present', 'Absent']);
      expect(values('training_results')).toEqual(['Approved', 'Reproved (fail)', 'Awaiting results', 'Restarted', 'Forfeit', 'Expired']);

      const { record, errors } = await runImport(id, 'presential_results', [
        { email: emails[0], presence: 'Present', result: 'Approved' },
        { email: emails[1], presence: 'ausente', result: 'Desistente' },
        { email: emails[2], presence: 'present', result: 'reproved' },
      ]);
      expect(errors).toEqual([]);
      expect(record).toMatchObject({ status: 'finalized', updated_count: 3 });
      const saved = (await call(t.app, su, 'GET', R.results(id))).json<AppointmentResults>();
      const of = (userId: number) => saved.rows.find((r) => r.user.id === userId)!;
      expect(of(learners[0]!.id)).toMatchObject({ presence: 'present', result: 'approved' });
      expect(of(learners[1]!.id)).toMatchObject({ presence: 'absent', result: 'forfeit' });
      expect(of(learners[2]!.id)).toMatchObject({ presence: 'present', result: 'reproved' });
    } finally {
      await t.app.db.updateTable('users').set({ language_id: LANGUAGES.find((l) => l.code === 'pt-br')!.id }).where('id', '=', importer.id).execute();
    }
  });

  it('needs the appointment screen and each import\'s own item; another client\'s appointment does not exist', async () => {
    const { id } = await newAppointment();
    const subscriptionsOnly = await adminWith(t.app, su, c.demo, ['finish_events', 'subscription_import_results']);
    const denied = await t.app.inject({ url: `/api${R.importTemplate(id, 'presential_results')}`, headers: bearer(subscriptionsOnly.tokens) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    expect((await t.app.inject({ url: `/api${R.importTemplate(id, 'presential_subscriptions')}`, headers: bearer(subscriptionsOnly.tokens) })).statusCode).toBe(200);
    const itemOnly = await adminWith(t.app, su, c.demo, ['presential_import_results']);
    expect((await t.app.inject({ url: `/api${R.importTemplate(id, 'presential_results')}`, headers: bearer(itemOnly.tokens) })).statusCode).toBe(403);
    // nobody without an import item may upload for it
    const none = await adminWith(t.app, su, c.demo, ['finish_events']);
    expect((await tusCreate(t.app, none.tokens, 10, { filename: 'import.xlsx', kind: PRESENTIAL_IMPORT_UPLOAD_KIND })).statusCode).toBe(403);

    const uploadId = await uploadAs(importer.tokens, await xlsxOf(sheetRowsOf('presential_subscriptions', [{ email: emails[0], event: '2026-12-10 09:00' }])));
    const created = await call(t.app, importer.tokens, 'POST', R.imports(id), { import_type: 'presential_subscriptions', upload_id: uploadId });
    expect(created.statusCode).toBe(201);
    const importId = created.json().id as number;
    // the client-wide imports screen does not make appointment imports
    const generic = await t.app.inject({ method: 'POST', url: '/api/admin_imports/imports/', headers: bearer(su), payload: { import_type: 'presential_results', upload_id: 'x' } });
    expect(generic.statusCode).toBe(400);

    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'GET', R.importItem(id, importId))).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api${R.importTemplate(id, 'presential_subscriptions')}`, headers: bearer(other) })).statusCode).toBe(404);
    // another appointment of the same client does not show this import
    const { id: another } = await newAppointment();
    expect((await call(t.app, importer.tokens, 'GET', R.importItem(another, importId))).statusCode).toBe(404);
    await t.app.jobs.idle();
  });
});
