import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_PATHS, UPLOAD_KINDS } from '@lp/shared/contract';
import { loadConfig } from '../src/config.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, tokenCall, type TestApp, type Tokens } from './helpers.ts';
import { htmlZip, multipart, tusCreate, tusUpload, zipOf } from './mediaFixtures.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, newUser, userId } from './userFixtures.ts';

const USERS = '/api/admin_users/users/';
const KIND = UPLOAD_KINDS.trainingModule;
const HTML_MODULE = 5;

/** Many small entries of zeros: each under the per-entry ratio floor, together a bomb. */
const spreadBomb = (entries: number, bytes: number) => {
  const zeros = Buffer.alloc(bytes);
  return zipOf({ 'index.html': '<p>ok</p>', ...Object.fromEntries(Array.from({ length: entries }, (_, i) => [`z/${i}.bin`, zeros])) });
};

/** docs/security.md "Input edges": paging, text, change_password, uploads and packages. */
describe.each(DIALECTS)('input edges on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { loginMaxFailures: 3, uploadQuotaBytes: 64 * 1024, uploadTtlSeconds: 3600, packageMaxUnpackedBytes: 8 * 1024 * 1024 });
    su = await loginSuperuser(t.app);
  });
  afterAll(async () => { await t?.close(); });

  const get = (url: string, tokens = su) => t.app.inject({ url, headers: bearer(tokens) });

  it('bounds page and page_size in every list: a clear 400, never a 500', async () => {
    for (const url of [
      '/api/admin_tags/tags/?page=99999999999999999999',
      `${USERS}?page=99999999999999999999&page_size=10`,
      '/api/admin_tags/tags/?page=100001',
      '/api/admin_tags/tags/?page_size=1001',
      `/api/admin_tags/tags/?range=${encodeURIComponent('[99999999999999999999,99999999999999999999]')}`,
      `/api/admin_tags/tags/?range=${encodeURIComponent('[20000000,20000009]')}`,
      '/api/notifications/?page=99999999999999999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code, url).toBe('validation_error');
    }
    // the largest page allowed answers, empty
    const last = await get('/api/admin_tags/tags/?page=100000&page_size=1000');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().results).toEqual([]);
  });

  it('refuses NUL bytes and lone surrogates in one place, after authentication', async () => {
    // the unauthenticated token endpoint: a NUL used to reach Postgres (a 500)
    const nul = await tokenCall(t.app, { grant_type: 'password', username: 'admin\u0000@demo.local', password: 'x' });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'validation_error', fields: { username: 'validation_error' } });

    const body = newUser((await clientIds(t.app)).demo);
    for (const [what, payload] of [
      ['NUL', { ...body, full_name: 'Ana\u0000Maria' }],
      ['a lone high surrogate', { ...body, full_name: 'Ana \ud83d' }],
      ['a lone low surrogate', { ...body, nick_name: '\ude00 Ana' }],
      ['a NUL in a key', { ...body, ['x\u0000']: 1 }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: payload as object });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().code, what).toBe('validation_error');
      // without a token, the answer is the 401: authentication comes first
      const anonymous = await t.app.inject({ method: 'POST', url: USERS, payload: payload as object });
      expect(anonymous.statusCode, what).toBe(401);
    }
    // the raw JSON escape of a lone surrogate, and a NUL in the query string
    const raw = await t.app.inject({ method: 'POST', url: USERS, headers: { ...bearer(su), 'content-type': 'application/json' }, payload: JSON.stringify(body).replace(body.full_name, 'Ana \\ud800') });
    expect(raw.statusCode).toBe(400);
    expect((await get(`${USERS}?search=%00`)).statusCode).toBe(400);
    // a real pair (an emoji) is text like any other
    const emoji = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: { ...newUser((await clientIds(t.app)).demo), full_name: 'Ana 😀' } });
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect(emoji.json().full_name).toBe('Ana 😀');
  });

  it('locks change_password after LOGIN_MAX_FAILURES wrong current passwords, like a login', async () => {
    const c = await clientIds(t.app);
    const body = newUser(c.demo, { password: 'Start#2026!' });
    expect((await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: body })).statusCode).toBe(201);
    const tokens = await login(t.app, body.email, 'Start#2026!');
    const change = (current: string) => t.app.inject({
      method: 'POST', url: '/api/users/change_password/', headers: bearer(tokens),
      payload: { current_password: current, new_password: 'Next#2026!x', confirm_password: 'Next#2026!x' },
    });
    for (let i = 0; i < 3; i += 1) expect((await change('guess')).json().code).toBe('current_password_incorrect');
    const locked = await change('Start#2026!');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_login_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // the lock ends with its window; a right password then clears the count
    await t.app.db.updateTable('login_failures').set({ locked_until: new Date(Date.now() - 1000) }).where('key', '=', `password:${await userId(t.app, body.email)}`).execute();
    expect((await change('Start#2026!')).statusCode).toBe(200);
  });

  describe('tus uploads: quota and expiry', () => {
    let uploader: Tokens;
    beforeAll(async () => {
      const c = await clientIds(t.app);
      uploader = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    });

    it('counts unfinished and unclaimed uploads against a per-user quota, also when created at once', async () => {
      // 64 KB each: simultaneous creations of 20 KB, at most three fit
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => tusCreate(t.app, uploader, 20 * 1024, `a${i}.pdf`, KIND)));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 403, 403, 403]);
      const refused = results.find((r) => r.statusCode === 403)!;
      expect(JSON.parse(refused.body)).toEqual({ detail: expect.any(String), code: 'upload_quota_exceeded' });
      // another user has their own quota
      expect((await tusCreate(t.app, su, 20 * 1024, 'b.pdf', KIND)).statusCode).toBe(201);
      // a cancelled upload frees its share
      const location = results.find((r) => r.statusCode === 201)!.headers.location as string;
      const deleted = await t.app.inject({ method: 'DELETE', url: location, headers: { ...bearer(uploader), 'tus-resumable': '1.0.0' } });
      expect(deleted.statusCode).toBe(204);
      expect((await tusCreate(t.app, uploader, 20 * 1024, 'c.pdf', KIND)).statusCode).toBe(201);
    });

    it('expires uploads never used: the store answers 410, the job removes files and rows', async () => {
      const me = await userId(t.app, DEMO.superuser.email);
      await t.app.db.deleteFrom('uploads').where('user_id', '=', me).execute();
      const created = await tusCreate(t.app, su, 10, 'late.pdf', KIND);
      expect(created.statusCode).toBe(201);
      expect(created.headers['upload-expires']).toBeDefined();
      const id = (created.headers.location as string).split('/').pop()!;
      const finished = await tusUpload(t.app, su, Buffer.from('%PDF-1.4 x'), 'done.pdf', KIND);
      const file = (upload: string) => path.join(t.config.dataDir, 'uploads', 'tus', upload);
      expect(fs.existsSync(file(id)) && fs.existsSync(file(finished))).toBe(true);

      // two hours pass (UPLOAD_TTL is one): the metadata the store keeps and the rows grow old
      const past = new Date(Date.now() - 2 * 3600 * 1000);
      for (const upload of [id, finished]) {
        const meta = JSON.parse(fs.readFileSync(`${file(upload)}.json`, 'utf8')) as { creation_date: string };
        fs.writeFileSync(`${file(upload)}.json`, JSON.stringify({ ...meta, creation_date: past.toISOString() }));
      }
      await t.app.db.updateTable('uploads').set({ created_at: past }).where('id', 'in', [id, finished]).execute();
      const head = await t.app.inject({ method: 'HEAD', url: `/api/files/tus/${id}`, headers: { ...bearer(su), 'tus-resumable': '1.0.0' } });
      expect(head.statusCode).toBe(410);

      expect(await t.app.tus.expire()).toBeGreaterThanOrEqual(2);
      for (const upload of [id, finished]) {
        expect(fs.existsSync(file(upload)), upload).toBe(false);
        expect(fs.existsSync(`${file(upload)}.json`), upload).toBe(false);
      }
      expect(await t.app.db.selectFrom('uploads').select('id').where('id', 'in', [id, finished]).execute()).toEqual([]);
      // and they no longer count against the quota
      expect((await tusCreate(t.app, su, 60 * 1024, 'fits.pdf', KIND)).statusCode).toBe(201);
    });
  });

  describe('package ceilings', () => {
    let manager: Tokens;
    let trainingId: number;
    beforeAll(async () => {
      const c = await clientIds(t.app);
      manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
      trainingId = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'Pacotes' }));
      await t.app.db.updateTable('uploads').set({ consumed_at: new Date() }).execute();
    });

    const createModule = async (bytes: Buffer) => {
      const upload = await tusUpload(t.app, manager, bytes, 'pacote.zip', KIND);
      const body = multipart({ title: 'Aula', group_training_module_type: HTML_MODULE, status: 1, avaliable_in: '', module_score: '', resource: upload });
      const res = await t.app.inject({ method: 'POST', url: `/api${MODULE_PATHS.collection(trainingId)}`, payload: body.payload, headers: { ...body.headers, ...bearer(manager) } });
      await t.app.db.updateTable('uploads').set({ consumed_at: new Date() }).where('id', '=', upload).execute();
      return res;
    };

    it('refuses a package that unpacks past PACKAGE_MAX_UNPACKED_MB, or far past its own size', async () => {
      // 12 entries of 1 MB: each compresses ~1000 times (below the per-entry floor), 12 MB in all
      const ceiling = await createModule(await spreadBomb(12, 1024 * 1024 - 1));
      expect(ceiling.statusCode, ceiling.body).toBe(400);
      expect(ceiling.json()).toMatchObject({ code: 'package_unpacked_too_large', fields: { resource: 'package_unpacked_too_large' } });
      // 6 MB under the ceiling, but a thousand times its packed size
      const ratio = await createModule(await spreadBomb(6, 1024 * 1024 - 1));
      expect(ratio.statusCode, ratio.body).toBe(400);
      expect(ratio.json().code).toBe('package_compression_ratio_too_high');
      // an ordinary package still goes in
      const fine = await createModule(await htmlZip());
      expect(fine.statusCode, fine.body).toBe(201);
    });
  });
});

describe('archive ceilings by default', () => {
  it('are 500 MB unpacked and 100 times the packed size', () => {
    const config = loadConfig({});
    expect(config.packageMaxUnpackedBytes).toBe(500 * 1024 * 1024);
    expect(config.packageMaxRatio).toBe(100);
    expect(loadConfig({ PACKAGE_MAX_UNPACKED_MB: '50', PACKAGE_MAX_RATIO: '20' })).toMatchObject({ packageMaxUnpackedBytes: 50 * 1024 * 1024, packageMaxRatio: 20 });
  });
});
