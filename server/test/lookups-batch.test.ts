import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_NAMES, LOOKUPS_PATH, lookupPath } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { loginSuperuser } from './userFixtures.ts';

/** Several form lists in one request (spec 1 §3.8 lookups): the same rows and client scope as each list's own path. */
describe.each(DIALECTS)('lookups in one request on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let other: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens?: Tokens) => t.app.inject({ url: `/api${url}`, headers: tokens ? bearer(tokens) : {} });

  it('answers every list asked for, each as its own path answers it', async () => {
    for (const tokens of [su, other]) {
      const res = await get(`${LOOKUPS_PATH}?names=${LOOKUP_NAMES.join(',')}`, tokens);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual([...LOOKUP_NAMES].sort());
      for (const name of LOOKUP_NAMES) expect(body[name], name).toEqual((await get(lookupPath(name), tokens)).json());
    }
  });

  it('keeps each list to the selected client', async () => {
    const mine = (await get(`${LOOKUPS_PATH}?names=areas,profiles,user_groups`, su)).json();
    const theirs = (await get(`${LOOKUPS_PATH}?names=areas,profiles,user_groups`, other)).json();
    expect(mine.areas.length).toBeGreaterThan(0);
    for (const name of ['areas', 'profiles', 'user_groups'] as const) {
      const ids = new Set(theirs[name].map((o: { id: number }) => o.id));
      expect(mine[name].filter((o: { id: number }) => ids.has(o.id)), name).toEqual([]);
    }
  });

  it('answers only the lists asked for, once each; refuses an unknown name and a caller without a token', async () => {
    const res = await get(`${LOOKUPS_PATH}?names=countries,areas,countries`, su);
    expect(Object.keys(res.json()).sort()).toEqual(['areas', 'countries']);
    expect(res.json().countries[0]).toEqual(expect.objectContaining({ code: expect.any(String), use_document_mask: expect.any(Boolean) }));
    expect((await get(`${LOOKUPS_PATH}?names=areas,users`, su)).statusCode).toBe(400);
    expect((await get(`${LOOKUPS_PATH}?names=`, su)).statusCode).toBe(400);
    expect((await get(`${LOOKUPS_PATH}?names=areas`)).statusCode).toBe(401);
  });
});
