import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { literalUnion } from '@lp/shared/contract';
import { buildTestApp, type TestApp } from './helpers.ts';

/** What the server's validator (lib/requestValidation.ts) makes of nullable request fields. */
describe('nullable request fields', () => {
  let t: TestApp;
  const Body = Type.Object({
    first: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    last: Type.Union([Type.Null(), Type.Integer()]),
    label: Type.Union([Type.String({ maxLength: 5 }), Type.Null()]),
    on: Type.Union([Type.Boolean(), Type.Null()]),
    kind: Type.Union([literalUnion(['open', 'closed']), Type.Null()]),
  });
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {}, (app) => {
      app.post('/api/test-nullable/', { config: { access: 'public' }, schema: { body: Body } }, async (request) => request.body);
      app.get('/api/test-nullable/', {
        config: { access: 'public' },
        schema: { querystring: Type.Object({ page: Type.Union([Type.Integer(), Type.Null()]) }) },
      }, async (request) => request.query);
    });
  });
  afterAll(() => t.close());

  it('keeps null as null, and 0, "" and false as themselves, whichever branch comes first', async () => {
    const bodies = [
      { first: null, last: null, label: null, on: null, kind: null },
      { first: 0, last: 0, label: '', on: false, kind: 'open' },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test-nullable/', payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(payload);
    }
  });

  it('still checks each branch: limits and literals refuse what they refused', async () => {
    for (const bad of [{ first: -1 }, { label: 'too long' }, { kind: 'other' }]) {
      const payload = { first: null, last: null, label: null, on: null, kind: null, ...bad };
      const res = await t.app.inject({ method: 'POST', url: '/api/test-nullable/', payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('still reads a query string number from its text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-nullable/?page=5' });
    expect(res.json()).toEqual({ page: 5 });
  });
});
