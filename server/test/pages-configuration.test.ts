import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIGURATION_PATH, HELP_REQUEST_PATH, LEGAL_TEXT_PATHS, WILDCARD_PATHS, type Configuration, type SessionUser, type WildcardPage,
} from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, AUDIENCE_GROUP, audienceLearner } from './completionFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/**
 * Legal texts and the public / institutional pages (spec 1 §2.1, §2.2, §2.3), the help request
 * form (§2.1 help), wildcard pages by slug (§2.3 wild_cards, §5.5), and the configuration screen
 * (§2.3 configuration, §3.2–3.3).
 */
describe.each(DIALECTS)('legal texts, wildcard pages and configuration on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let learner: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens?: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: tokens ? bearer(tokens) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('serves the legal texts without login, in the language asked for or Portuguese (spec 1 §2.1)', async () => {
    // the seed's Portuguese texts of Demo Retail, the deployment's first client
    const seeded = await call('GET', `${LEGAL_TEXT_PATHS.public('terms')}?language=pt-br`);
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json()).toMatchObject({ kind: 'terms', language: 'pt-br' });
    expect(seeded.json().content).toContain('Termos de uso');

    const saved = await call('PUT', LEGAL_TEXT_PATHS.admin('about'), su, {
      texts: { 'en-us': '<h2>About us</h2><p onclick="x()">Hello<script>alert(1)</script></p>', 'es-es': '<p><br></p>' },
    });
    expect(saved.statusCode).toBe(200);
    const texts = saved.json().texts as Array<{ language: string; content: string }>;
    expect(texts.map((x) => x.language)).toEqual(['pt-br', 'en-us', 'es-es', 'fr-fr']);
    expect(texts[1]!.content).toBe('<h2>About us</h2><p>Hello</p>');
    expect(texts[2]!.content).toBe('');

    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('about')}?language=en-us`)).json()).toMatchObject({ language: 'en-us', content: '<h2>About us</h2><p>Hello</p>' });
    // no Spanish text: Portuguese answers
    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('about')}?language=es-es`)).json().language).toBe('pt-br');
    // emptying a language removes its text
    await call('PUT', LEGAL_TEXT_PATHS.admin('about'), su, { texts: { 'en-us': '' } });
    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('about')}?language=en-us`)).json().language).toBe('pt-br');
    expect((await call('GET', LEGAL_TEXT_PATHS.public('unknown'))).statusCode).toBe(404);
  });

  it('keeps each client’s texts its own', async () => {
    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('policy')}?client_id=${c.other}`)).statusCode).toBe(404);
    const selected = await call('POST', '/users/session/select_client/', su, { client_id: c.other });
    expect(selected.statusCode).toBe(200);
    await call('PUT', LEGAL_TEXT_PATHS.admin('policy'), su, { texts: { 'pt-br': '<p>Privacidade da Other</p>' } });
    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('policy')}?client_id=${c.other}`)).json().content).toBe('<p>Privacidade da Other</p>');
    expect((await call('GET', `${LEGAL_TEXT_PATHS.public('policy')}?client_id=${c.demo}`)).json().content).toContain('Política de privacidade');
    await call('POST', '/users/session/select_client/', su, { client_id: c.demo });
    const admin = (await call('GET', LEGAL_TEXT_PATHS.admin('policy'), su)).json();
    expect(admin.texts[0].content).toContain('Política de privacidade');
  });

  it('takes a help request without login, keeps it and mails the superusers', async () => {
    const bad = await call('POST', HELP_REQUEST_PATH, undefined, { name: 'Rui', email: 'not-an-email', message: 'Não consigo entrar' });
    expect(bad.json()).toMatchObject({ code: 'invalid_email', fields: { email: 'invalid_email' } });
    const ok = await call('POST', HELP_REQUEST_PATH, undefined, { name: 'Rui', email: 'rui@example.com', message: 'Não consigo entrar' });
    expect(ok.statusCode).toBe(201);
    const stored = await t.app.db.selectFrom('help_requests').selectAll().execute();
    expect(stored).toMatchObject([{ name: 'Rui', email: 'rui@example.com', user_id: null }]);
    const outbox = fs.readdirSync(path.join(t.config.dataDir, 'outbox'));
    expect(outbox.some((f) => f.includes(DEMO.superuser.email))).toBe(true);
    // a learner's request says who sent it
    await call('POST', HELP_REQUEST_PATH, learner, { name: 'Lia', email: DEMO.learner.email, message: 'Dúvida' });
    const last = await t.app.db.selectFrom('help_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.client_id).toBe(c.demo);
    expect(last.user_id).not.toBeNull();
    // a few an hour per address, then 429
    for (let i = 0; i < 4; i += 1) expect((await call('POST', HELP_REQUEST_PATH, undefined, { name: 'Rui', email: 'rui@example.com', message: `Tentativa ${i}` })).statusCode).toBe(201);
    const limited = await call('POST', HELP_REQUEST_PATH, undefined, { name: 'Rui', email: 'rui@example.com', message: 'De novo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('too_many_questions');
  });

  it('makes the slug from the title, keeps it unique per client and serves the page by slug to its audience (spec 1 §5.5)', async () => {
    const group = [org.groups[AUDIENCE_GROUP]!];
    const body = { title: 'Guia de Férias 2026', content: '<p>Regras</p>', status: 1, user_groups: group };
    const created = await call('POST', WILDCARD_PATHS.collection, su, body);
    expect(created.statusCode).toBe(201);
    const page = created.json<WildcardPage>();
    expect(page).toMatchObject({ slug: 'guia-de-ferias-2026', user_groups: group, areas: [], profiles: [] });

    const twin = await call('POST', WILDCARD_PATHS.collection, su, { ...body, title: 'Guia de férias 2026!' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ code: 'slug_not_unique', fields: { slug: 'slug_not_unique' } });
    const typed = await call('POST', WILDCARD_PATHS.collection, su, { ...body, slug: 'Guia Férias' });
    expect(typed.json()).toMatchObject({ code: 'invalid_slug', fields: { slug: 'invalid_slug' } });
    const noAudience = await call('POST', WILDCARD_PATHS.collection, su, { ...body, slug: 'sem-publico', user_groups: [] });
    expect(noAudience.json().fields).toMatchObject({ areas: 'make_sure_that_all_fields_are_filled_in', user_groups: 'choose_user_groups_or_areas_and_profiles' });
    const foreign = await call('POST', WILDCARD_PATHS.collection, su, { ...body, slug: 'outro-grupo', user_groups: [999999] });
    expect(foreign.json().fields).toEqual({ user_groups: 'validation_error' });

    // the same slug in another client is that client's own page
    await call('POST', '/users/session/select_client/', su, { client_id: c.other });
    const otherGroup = (await orgIds(t.app, c.other)).groups['Other group']!;
    const elsewhere = await call('POST', WILDCARD_PATHS.collection, su, { ...body, user_groups: [otherGroup] });
    expect(elsewhere.statusCode).toBe(201);
    await call('POST', '/users/session/select_client/', su, { client_id: c.demo });

    const read = await call('GET', WILDCARD_PATHS.learner('guia-de-ferias-2026'), learner);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: page.id, title: 'Guia de Férias 2026', content: '<p>Regras</p>' });
    expect((await call('GET', WILDCARD_PATHS.learner('guia-de-ferias-2026'))).statusCode).toBe(401);
    const outsider = await adminWith(t.app, su, c.demo, []);
    expect((await call('GET', WILDCARD_PATHS.learner('guia-de-ferias-2026'), outsider.tokens)).statusCode).toBe(404);

    // renaming keeps the slug unless it is changed; unpublished pages are not served
    const renamed = await call('PUT', WILDCARD_PATHS.item(page.id), su, { ...body, title: 'Guia de férias', slug: page.slug, status: 2 });
    expect(renamed.json()).toMatchObject({ title: 'Guia de férias', slug: 'guia-de-ferias-2026', status: 2 });
    expect((await call('GET', WILDCARD_PATHS.learner('guia-de-ferias-2026'), learner)).statusCode).toBe(404);
    // the seeded page
    expect((await call('GET', WILDCARD_PATHS.learner('politica-de-trocas-e-devolucoes'), learner)).json().title).toBe('Política de trocas e devoluções');

    const list = await call('GET', `${WILDCARD_PATHS.collection}?search=guia&page_size=0`, su);
    expect(list.json().results.map((p: WildcardPage) => p.id)).toEqual([page.id]);
    expect((await call('DELETE', WILDCARD_PATHS.item(page.id), su)).statusCode).toBe(200);
    expect((await call('GET', WILDCARD_PATHS.item(page.id), su)).statusCode).toBe(404);
  });

  it('saves the client’s settings and login parameters; the session carries the new flags (spec 1 §3.2–3.3)', async () => {
    const before = (await call('GET', CONFIGURATION_PATH, su)).json<Configuration>();
    expect(before.client).toMatchObject({ id: c.demo, name: 'Demo Retail', home_route: 'home' });
    expect(before.settings.has_forum).toBe(true);
    expect(before.login_params).not.toHaveProperty('languages');

    const saved = await call('PUT', CONFIGURATION_PATH, su, {
      home_route: 'courses',
      settings: { has_forum: false, title_news: 'Comunicados', use_comments_news: false },
      login_params: { under_maintenance: true, colors: { primary: '#102030', secondary: '#a0b0c0' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      client: { home_route: 'courses' },
      settings: { has_forum: false, title_news: 'Comunicados', use_comments_news: false, points_name: 'points' },
      login_params: { under_maintenance: true, colors: { primary: '#102030', secondary: '#a0b0c0' } },
    });
    const session = (await call('GET', '/users/session/', learner)).json<SessionUser>();
    const demo = session.user_clients.find((x) => x.id === c.demo)!;
    expect(demo).toMatchObject({ home_route: 'courses', settings: { has_forum: false, title_news: 'Comunicados' } });
    expect((await call('GET', '/login_params/')).json()).toMatchObject({ under_maintenance: true, colors: { primary: '#102030' } });
    // keys another module stored stay
    const stored = (await t.app.db.selectFrom('clients').select('settings').where('id', '=', c.demo).executeTakeFirstOrThrow()).settings;
    expect(stored.has_forum).toBe(false);

    await call('PUT', CONFIGURATION_PATH, su, { login_params: { under_maintenance: false } });

    for (const bad of [{ settings: { has_forum: 'maybe' } }, { login_params: { font_color: 'red' } }, { login_params: { app_version: 'latest' } }, { home_route: 'admin' }]) {
      const res = await call('PUT', CONFIGURATION_PATH, su, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // a refused save loses nothing
    expect((await call('GET', CONFIGURATION_PATH, su)).json().settings.title_news).toBe('Comunicados');
    // keys the contract does not know are dropped, never stored (nor the server's own login attempts)
    expect((await call('PUT', CONFIGURATION_PATH, su, { settings: { unknown_flag: true }, login_params: { attempts: 1 } })).statusCode).toBe(200);
    const after = (await t.app.db.selectFrom('clients').select('settings').where('id', '=', c.demo).executeTakeFirstOrThrow()).settings;
    expect(after).not.toHaveProperty('unknown_flag');
    expect((await call('GET', '/login_params/')).json().attempts).toBe(t.config.loginMaxFailures);
  });

  it('sends the learner of a page outside the client to a 404', async () => {
    const colleague = await audienceLearner(t.app, su, c.demo, org);
    expect((await call('GET', WILDCARD_PATHS.learner('politica-de-trocas-e-devolucoes'), colleague.tokens)).statusCode).toBe(200);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call('GET', WILDCARD_PATHS.learner('politica-de-trocas-e-devolucoes'), other)).statusCode).toBe(404);
  });
});
