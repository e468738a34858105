import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_CODES_UPLOAD_KIND, REWARD_PATHS as P } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { sheetRowsOf, tusCreate, tusPatch, xlsxOf, type Cell } from './importFixtures.ts';
import { call, makeReward } from './rewardFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * spec 3 §3 "Reward (catalog item): redeem codes importable from xlsx"; spec 1 §4.3 validate →
 * process with a per-row log: a reward's codes through the import engine, the reward as the
 * import's target. A code already on the reward is skipped and reported; the same file twice adds nothing.
 */
describe.each(DIALECTS)('redeem codes import on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let reward: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    reward = await makeReward(t.app, su, { uses_redeem_codes: true });
  }, 60_000);
  afterAll(async () => { await t.close(); });

  async function uploadAs(tokens: Tokens, bytes: Buffer): Promise<string> {
    const created = await tusCreate(t.app, tokens, bytes.length, { filename: 'codes.xlsx', kind: REWARD_CODES_UPLOAD_KIND });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect((await tusPatch(t.app, tokens, location, 0, bytes)).statusCode).toBe(204);
    return location.split('/').pop()!;
  }
  async function settled(rewardId: number, importId: number) {
    for (let i = 0; i < 100; i++) {
      await t.app.jobs.idle();
      const record = (await call(t.app, su, 'GET', P.codesImport(rewardId, importId))).json();
      if (record.status !== 'awaiting' && record.status !== 'processing') return record;
      await new Promise((resolve) => { setTimeout(resolve, 100); });
    }
    throw new Error('import did not settle');
  }
  async function runImport(rewardId: number, codes: Cell[]) {
    const uploadId = await uploadAs(su, await xlsxOf(sheetRowsOf('reward_codes', codes.map((code) => ({ code })))));
    const created = await call(t.app, su, 'POST', P.codesImports(rewardId), { upload_id: uploadId });
    expect(created.statusCode, created.body).toBe(201);
    const importId = created.json().id as number;
    const validated = await settled(rewardId, importId);
    if (validated.status === 'validated') expect((await call(t.app, su, 'POST', P.codesImportProcess(rewardId, importId))).statusCode).toBe(202);
    const record = await settled(rewardId, importId);
    const logs = (await call(t.app, su, 'GET', `${P.codesImportLogs(rewardId, importId)}?page_size=0&log_type=error`)).json().results as Array<{ line: number; code: string; content: string }>;
    return { record, errors: logs.map((l) => [l.line, l.code]), logs };
  }
  const codesOf = async (rewardId: number) =>
    (await t.app.db.selectFrom('reward_redeem_codes').select('code').where('reward_id', '=', rewardId).orderBy('code').execute()).map((r) => r.code);

  it('offers a template with the code column', async () => {
    const res = await t.app.inject({ url: `/api${P.codesTemplate(reward)}`, headers: bearer(su) });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(String(book.worksheets[0]!.getRow(1).getCell(1).value)).toMatch(/^code/);
  });

  it('adds the codes, reports a repeat inside the file, and skips and reports codes already on the reward', async () => {
    await call(t.app, su, 'POST', P.codes(reward), { codes: ['EXIST-1'] });
    const first = await runImport(reward, ['A-1', 'A-2', 'A-1', 'EXIST-1', 'A-3']);
    expect(first.record).toMatchObject({ status: 'with_errors', created_count: 3, error_count: 2 });
    expect(first.errors).toEqual([[4, 'value_repeated_in_file'], [5, 'reward_code_already_imported']]);
    expect(first.logs.find((l) => l.code === 'reward_code_already_imported')!.content).toContain('EXIST-1');
    expect(await codesOf(reward)).toEqual(['A-1', 'A-2', 'A-3', 'EXIST-1']);
    const answer = (await call(t.app, su, 'GET', P.reward(reward))).json();
    expect(answer.codes_available).toBe(4);
  });

  it('adds nothing when the same file comes again (idempotent)', async () => {
    const again = await runImport(reward, ['A-1', 'A-2', 'A-3']);
    expect(again.record).toMatchObject({ created_count: 0, error_count: 3 });
    expect(again.errors.map((e) => e[1])).toEqual(['reward_code_already_imported', 'reward_code_already_imported', 'reward_code_already_imported']);
    expect(await codesOf(reward)).toEqual(['A-1', 'A-2', 'A-3', 'EXIST-1']);
  });

  it('keeps the import to its reward and its client, behind the catalog key', async () => {
    const otherReward = await makeReward(t.app, su, { reward_title: 'Outro' });
    const mine = await runImport(otherReward, ['B-1']);
    expect(mine.record.status).toBe('finalized');
    const importId = mine.record.id as number;
    // another reward's path does not reach it
    expect((await call(t.app, su, 'GET', P.codesImport(reward, importId))).statusCode).toBe(404);
    // the generic imports screen does not take this type
    const generic = await t.app.inject({ method: 'POST', url: '/api/admin_imports/imports/', headers: bearer(su), payload: { import_type: 'reward_codes', upload_id: 'x' } });
    expect(generic.statusCode).toBe(400);
    // without the catalog's key (spec 1 §6.2 reward): refused
    const outsider = await adminWith(t.app, su, c.demo, ['reward_orders']);
    expect((await t.app.inject({ url: `/api${P.codesTemplate(reward)}`, headers: bearer(outsider.tokens) })).statusCode).toBe(403);
    // another client's admin: the reward does not exist for them
    const foreign = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await t.app.inject({ url: `/api${P.codesTemplate(reward)}`, headers: bearer(foreign) })).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'GET', P.codesImport(otherReward, importId))).statusCode).toBe(404);
  });
});
