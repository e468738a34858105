import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { DIALECTS, buildTestApp, type TestApp } from './helpers.ts';

/** spec 2 §7.1 "form" bodies: multipart fields reach the route as a validated body. */
describe.each(DIALECTS.slice(0, 1))('multipart form bodies (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, (app) => {
      app.post('/api/_multipart_echo/', {
        config: { access: 'public' },
        schema: { body: Type.Object({ title: Type.String({ maxLength: 10 }), status: Type.Integer(), flag: Type.Boolean() }) },
      }, async (request) => request.body);
    });
  });
  afterAll(async () => { await t.close(); });

  const multipartBody = (fields: Record<string, string>) => {
    const boundary = '----lp-test-boundary';
    const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('coerces and validates the fields like a JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/_multipart_echo/', ...multipartBody({ title: 'Intro', status: '2', flag: 'true' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ title: 'Intro', status: 2, flag: true });
    const bad = await t.app.inject({ method: 'POST', url: '/api/_multipart_echo/', ...multipartBody({ title: 'A title far too long', status: 'x', flag: 'true' }) });
    expect(bad.statusCode).toBe(400);
  });
});
