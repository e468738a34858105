import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_PATHS } from '@lp/shared/contract';
import { DIALECTS, INJECT_ORIGIN, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';
import { png, pdf } from './mediaFixtures.ts';

const API = '/api';

// spec 2 §7.5 step 4 / spec 3 "Inline image upload" step 3: POST /utils/presigned_url/ {file_url} → {file_url}
describe.each(DIALECTS)('presigned URL on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let editor: Tokens;
  const image = 'html_images/trainings/2026/11/a1b2c3/diagram.png';
  const libraryFile = 'library/d4e5f6/handbook.pdf';

  beforeAll(async () => {
    // short-lived (spec 2 §7.5 step 4): a signed URL of this app lives MEDIA_URL_TTL, at most one step more
    t = await buildTestApp(dialect, { mediaUrlTtlSeconds: 120 });
    su = await loginSuperuser(t.app);
    editor = (await adminWith(t.app, su, (await clientIds(t.app)).demo, ['trainings', 'trainings_manage'])).tokens;
    for (const [resource, bytes] of [[image, png()], [libraryFile, pdf()]] as const) {
      const file = path.join(t.config.dataDir, 'media', resource);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
    }
  });
  afterAll(async () => { await t.close(); });
  afterEach(() => { vi.useRealTimers(); });

  const ask = (tokens: Tokens | null, fileUrl: string) => t.app.inject({
    method: 'POST', url: `${API}${FILE_PATHS.presignedUrl}`, payload: { file_url: fileUrl }, headers: tokens ? bearer(tokens) : {},
  });

  it('answers a public image by its own URL, whether asked root-relative or absolute', async () => {
    for (const given of [`/media/${image}`, `${INJECT_ORIGIN}/media/${image}`]) {
      const res = await ask(editor, given);
      expect(res.statusCode, given).toBe(200);
      const { file_url } = res.json<{ file_url: string }>();
      expect(file_url).toBe(`${INJECT_ORIGIN}/media/${image}`);
      expect((await t.app.inject({ method: 'GET', url: new URL(file_url).pathname })).statusCode).toBe(200);
    }
  });

  it('signs a restricted file for a superuser only; the signed URL opens it', async () => {
    const refused = await ask(editor, `/media/${libraryFile}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_denied' });
    const res = await ask(su, `/media/${libraryFile}`);
    expect(res.statusCode).toBe(200);
    const signed = new URL(res.json<{ file_url: string }>().file_url);
    expect(signed.pathname).toMatch(/^\/api\/files\/media\/[^/]+\/handbook\.pdf$/);
    const file = await t.app.inject({ method: 'GET', url: signed.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses what is not a stored file: another host, a climb out of the store, a missing file, no login', async () => {
    for (const given of ['https://elsewhere.example/media/x.png', '/api/users/', `/media/html_images/../../secrets/media-url.key`]) {
      const res = await ask(editor, given);
      expect(res.statusCode, given).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_file_url', fields: { file_url: 'invalid_file_url' } });
    }
    expect((await ask(editor, '/media/html_images/trainings/2026/11/none/missing.png')).statusCode).toBe(404);
    expect((await ask(null, `/media/${image}`)).statusCode).toBe(401);
  });

  it('a signed URL expires: it opens the file within MEDIA_URL_TTL and no longer after it', async () => {
    const started = Date.now();
    const res = await ask(su, `/media/${libraryFile}`);
    const signed = new URL(res.json<{ file_url: string }>().file_url).pathname;
    vi.useFakeTimers({ toFake: ['Date'], now: started + 100_000 });
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    // the expiry is rounded up to a step of max(60 s, TTL/8): gone by TTL + one step
    vi.setSystemTime(started + (120 + 60 + 1) * 1000);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(404);
    // a new request signs a new URL that opens it again
    const again = new URL((await ask(su, `/media/${libraryFile}`)).json<{ file_url: string }>().file_url).pathname;
    expect(again).not.toBe(signed);
    expect((await t.app.inject({ method: 'GET', url: again })).statusCode).toBe(200);
  });
});
