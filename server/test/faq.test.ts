import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_ASK_RATE } from '@lp/shared/rules';
import { FAQ_PATHS, type FaqCategory, type FaqQuestion, type PublicFaq } from '@lp/shared/contract';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

/**
 * FAQ (spec 3 §2 "FAQ (admin)", §3 "FAQ and news", §6 "FAQ questions marked
 * public are visible without login"; spec 1 §2.1 the login page's public FAQ when
 * show_public_faq): categories and questions, the public endpoint (no login, public questions
 * only), the learner page, and "send your question" (validation, rate limit, stored, sent on).
 */
describe.each(DIALECTS)('FAQ on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let manager: { id: number; email: string; tokens: Tokens };
  let categoriesOnly: Tokens;
  let otherAdmin: Tokens;
  let learner: Learner;
  let category: FaqCategory;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    manager = await adminWith(t.app, su, c.demo, ['faq', 'faq_categories']);
    categoriesOnly = (await adminWith(t.app, su, c.demo, ['faq_categories'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    learner = await makeLearner(t.app, su, c.demo);
    category = (await t.app.inject({ method: 'POST', url: `${API}${FAQ_PATHS.categories}`, headers: bearer(manager.tokens), payload: { name: 'Pagamentos' } })).json();
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens?: Tokens) => t.app.inject({ url, headers: tokens ? bearer(tokens) : {} });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, tokens: Tokens = manager.tokens) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  async function question(extra: Record<string, unknown> = {}, tokens: Tokens = manager.tokens): Promise<FaqQuestion> {
    const res = await send('POST', `${API}${FAQ_PATHS.collection}`, { category: category.id, question: 'Como pago?', answer: '<p>No caixa.</p>', ...extra }, tokens);
    if (res.statusCode !== 201) throw new Error(`create question: ${res.statusCode} ${res.body}`);
    return res.json();
  }
  const publicFaq = async () => (await get(`${API}${FAQ_PATHS.public}`)).json<PublicFaq>();
  const publicQuestions = async () => (await publicFaq()).categories.flatMap((g) => g.questions.map((q) => q.question));

  it('creates, reads, updates and deletes questions (answer sanitised; defaults published, private, order 0)', async () => {
    const created = await question({ answer: '<p>Cartão <strong>ou</strong> Pix</p><img src=x onerror="alert(1)">' });
    expect(created).toMatchObject({
      category: category.id, category_name: 'Pagamentos', question: 'Como pago?', is_public: false, order: 0, status: 1,
    });
    expect(created.answer).toBe('<p>Cartão <strong>ou</strong> Pix</p>');
    const updated = await send('PUT', `${API}${FAQ_PATHS.item(created.id)}`, { question: 'Como pago no app?', is_public: true, order: 4, status: 2 });
    expect(updated.json()).toMatchObject({ question: 'Como pago no app?', is_public: true, order: 4, status: 2, answer: created.answer });
    expect((await get(`${API}${FAQ_PATHS.item(created.id)}`, manager.tokens)).json()).toEqual(updated.json());
    expect((await send('DELETE', `${API}${FAQ_PATHS.item(created.id)}`)).statusCode).toBe(200);
    expect((await get(`${API}${FAQ_PATHS.item(created.id)}`, manager.tokens)).statusCode).toBe(404);
  });

  it('validates questions and keeps the saved one when an update fails', async () => {
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ category: null }, REQUIRED, { category: REQUIRED }],
      [{ question: ' ' }, REQUIRED, { question: REQUIRED }],
      [{ question: 'q'.repeat(501) }, 'faq_question_too_long', { question: 'faq_question_too_long' }],
      [{ answer: '<p></p>' }, REQUIRED, { answer: REQUIRED }],
      [{ order: -1 }, 'validation_error', { order: 'validation_error' }],
      [{ status: 5 }, 'validation_error', { status: 'validation_error' }],
    ];
    for (const [extra, code, fields] of cases) {
      const res = await send('POST', `${API}${FAQ_PATHS.collection}`, { category: category.id, question: 'Q', answer: 'A', ...extra });
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code, fields });
    }
    // another client's category is no category here
    const otherCat = (await send('POST', `${API}${FAQ_PATHS.categories}`, { name: 'Outra' }, otherAdmin)).json();
    expect((await send('POST', `${API}${FAQ_PATHS.collection}`, { category: otherCat.id, question: 'Q', answer: 'A' })).json())
      .toMatchObject({ code: 'validation_error', fields: { category: 'validation_error' } });
    const saved = await question();
    expect((await send('PUT', `${API}${FAQ_PATHS.item(saved.id)}`, { question: '' })).statusCode).toBe(400);
    expect((await get(`${API}${FAQ_PATHS.item(saved.id)}`, manager.tokens)).json()).toEqual(saved);
  });

  it('lists questions in both envelopes, filtered by category, visibility and status', async () => {
    const other = (await send('POST', `${API}${FAQ_PATHS.categories}`, { name: 'Trocas' })).json<FaqCategory>();
    const inOther = await question({ category: other.id, question: 'Posso trocar?', is_public: true });
    const drf = (await get(`${API}${FAQ_PATHS.collection}?category=${other.id}&page_size=0`, manager.tokens)).json();
    expect(drf).toEqual({ count: 1, results: [inOther] });
    const filter = encodeURIComponent(JSON.stringify({ is_public: true, q: 'trocar' }));
    const simple = await get(`${API}${FAQ_PATHS.collection}?range=[0,9]&sort=["order","ASC"]&filter=${filter}`, manager.tokens);
    expect(simple.json().map((q: FaqQuestion) => q.id)).toEqual([inOther.id]);
    expect(simple.headers['content-range']).toBe('faqs 0-0/1');
  });

  it('keeps category names unique per client and a category with questions undeletable', async () => {
    expect((await send('POST', `${API}${FAQ_PATHS.categories}`, { name: ' pagamentos ' })).json()).toMatchObject({ code: 'name_not_unique', fields: { name: 'name_not_unique' } });
    expect((await send('POST', `${API}${FAQ_PATHS.categories}`, { name: '' })).json()).toMatchObject({ code: REQUIRED, fields: { name: REQUIRED } });
    // another client may use the same name
    expect((await send('POST', `${API}${FAQ_PATHS.categories}`, { name: 'Pagamentos' }, otherAdmin)).statusCode).toBe(201);
    await question();
    const inUse = await send('DELETE', `${API}${FAQ_PATHS.category(category.id)}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('faq_category_in_use');
    const empty = (await send('POST', `${API}${FAQ_PATHS.categories}`, { name: 'Vazia' })).json<FaqCategory>();
    expect(empty.qty_questions).toBe(0);
    expect((await send('PUT', `${API}${FAQ_PATHS.category(empty.id)}`, { name: 'Renomeada' })).json().name).toBe('Renomeada');
    expect((await send('DELETE', `${API}${FAQ_PATHS.category(empty.id)}`)).statusCode).toBe(200);
  });

  it('checks faq for questions and faq_categories for categories (whose list the question form also reads)', async () => {
    const onlyFaq = (await adminWith(t.app, su, c.demo, ['faq'])).tokens;
    expect((await get(`${API}${FAQ_PATHS.collection}`, categoriesOnly)).statusCode).toBe(403);
    expect((await get(`${API}${FAQ_PATHS.categories}`, categoriesOnly)).statusCode).toBe(200);
    expect((await get(`${API}${FAQ_PATHS.categories}`, onlyFaq)).statusCode).toBe(200);
    expect((await send('POST', `${API}${FAQ_PATHS.categories}`, { name: 'Nova' }, onlyFaq)).statusCode).toBe(403);
    expect((await get(`${API}${FAQ_PATHS.categories}`, learner.tokens)).statusCode).toBe(403);
    expect((await get(`${API}${FAQ_PATHS.categories}`)).statusCode).toBe(401);
    // another client's rows do not exist for this one
    expect((await get(`${API}${FAQ_PATHS.category(category.id)}`, otherAdmin)).statusCode).toBe(404);
    const mine = await question();
    expect((await get(`${API}${FAQ_PATHS.item(mine.id)}`, otherAdmin)).statusCode).toBe(404);
  });

  describe('public FAQ (login page)', () => {
    it('shows published public questions only, needs no login, and answers only while show_public_faq is on', async () => {
      await saveLoginParams(t.app.db, { show_public_faq: false });
      expect((await get(`${API}${FAQ_PATHS.public}`)).statusCode).toBe(404);
      await saveLoginParams(t.app.db, { show_public_faq: true });
      const visible = await question({ question: 'Pergunta pública', is_public: true });
      await question({ question: 'Pergunta privada', is_public: false });
      await question({ question: 'Pública despublicada', is_public: true, status: 2 });
      const res = await get(`${API}${FAQ_PATHS.public}`);
      expect(res.statusCode).toBe(200);
      const questions = await publicQuestions();
      expect(questions).toContain('Pergunta pública');
      expect(questions).not.toContain('Pergunta privada');
      expect(questions).not.toContain('Pública despublicada');
      // the seed's private questions never show either
      expect(questions).not.toContain('Quem libera o meu acesso às trilhas da loja?');
      expect(questions).toContain('Como faço meu primeiro acesso?');
      expect(res.json<PublicFaq>().categories.find((g) => g.name === 'Pagamentos')?.questions).toContainEqual({ id: visible.id, question: 'Pergunta pública', answer: '<p>No caixa.</p>' });
      expect(res.json<PublicFaq>().accepts_questions).toBe(true);
      // marking it private takes it off at once
      await send('PUT', `${API}${FAQ_PATHS.item(visible.id)}`, { is_public: false });
      expect(await publicQuestions()).not.toContain('Pergunta pública');
    });

    it('takes a visitor\'s question: validated, rate limited by address, stored for the publishing clients, their FAQ managers told', async () => {
      await saveLoginParams(t.app.db, { show_public_faq: true });
      const ask = (payload: object, ip = '203.0.113.7') => t.app.inject({ method: 'POST', url: `${API}${FAQ_PATHS.publicAsk}`, payload, remoteAddress: ip });
      expect((await ask({ question: 'Oi?' })).json()).toMatchObject({ code: REQUIRED, fields: { name: REQUIRED, email: REQUIRED } });
      expect((await ask({ name: 'Vera', email: 'vera@', question: 'Oi?' })).json()).toMatchObject({ code: 'invalid_email', fields: { email: 'invalid_email' } });
      expect((await ask({ name: 'Vera', email: 'vera@example.com', question: 'q'.repeat(2001) })).json().code).toBe('faq_question_too_long');

      const ok = await ask({ name: ' Vera Visitante ', email: 'Vera@Example.com', question: ' Vocês entregam no interior? ' });
      expect(ok.statusCode, ok.body).toBe(201);
      const rows = await t.app.db.selectFrom('faq_received_questions').selectAll().where('email', '=', 'vera@example.com').execute();
      // only Demo Retail publishes public questions: it alone receives
      expect(rows.map((r) => [r.client_id, r.origin, r.name, r.question, r.status, r.user_id])).toEqual([[c.demo, 'public', 'Vera Visitante', 'Vocês entregam no interior?', 1, null]]);
      expect(rows[0]!.sender_key).not.toContain('203.0.113.7');
      const told = await t.app.db.selectFrom('notifications').select(['kind', 'payload']).where('user_id', '=', manager.id).where('kind', '=', 'faq_question_received').execute();
      expect(told.map((n) => n.payload.name)).toContain('Vera Visitante');
      // the managers also get an e-mail from the job
      await t.app.jobs.idle(10_000);
      const outbox = path.join(t.config.dataDir, 'outbox');
      expect(fs.readdirSync(outbox).some((f) => f.includes(manager.email.replace(/[^a-zA-Z0-9@._-]/g, '_')))).toBe(true);
      expect((await t.app.db.selectFrom('faq_received_questions').select('mailed_at').where('id', '=', rows[0]!.id).executeTakeFirstOrThrow()).mailed_at).not.toBeNull();

      for (let i = 1; i < FAQ_ASK_RATE.max; i++) expect((await ask({ name: 'Vera', email: 'vera@example.com', question: `Mais uma ${i}` })).statusCode).toBe(201);
      const limited = await ask({ name: 'Vera', email: 'vera@example.com', question: 'Mais uma' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('too_many_questions');
      // another address is not held back
      expect((await ask({ name: 'Rui', email: 'rui@example.com', question: 'Tem loja em Recife?' }, '198.51.100.9')).statusCode).toBe(201);

      await saveLoginParams(t.app.db, { show_public_faq: false });
      expect((await ask({ name: 'Rui', email: 'rui@example.com', question: 'Ainda aí?' }, '198.51.100.10')).statusCode).toBe(404);
      await saveLoginParams(t.app.db, { show_public_faq: true });
    });

    it('lists what was received to the client\'s FAQ managers, who mark it handled', async () => {
      const list = await get(`${API}${FAQ_PATHS.received}?status=1&page_size=0`, manager.tokens);
      const vera = list.json().results.find((r: { name: string }) => r.name === 'Vera Visitante');
      expect(vera).toMatchObject({ origin: 'public', email: 'vera@example.com', status: 1, handled_at: null });
      const handled = await send('PATCH', `${API}${FAQ_PATHS.receivedItem(vera.id)}`, { status: 2 });
      expect(handled.json()).toMatchObject({ id: vera.id, status: 2 });
      expect(handled.json().handled_at).not.toBeNull();
      expect((await get(`${API}${FAQ_PATHS.received}`, otherAdmin)).json().results ?? []).toEqual([]);
      expect((await send('PATCH', `${API}${FAQ_PATHS.receivedItem(vera.id)}`, { status: 2 }, otherAdmin)).statusCode).toBe(404);
      expect((await get(`${API}${FAQ_PATHS.received}`, categoriesOnly)).statusCode).toBe(403);
    });
  });

  describe('learner institutional/faq', () => {
    it('shows every published question of the user\'s client by category, public or not', async () => {
      const res = await get(`${API}${FAQ_PATHS.learner}`, learner.tokens);
      expect(res.statusCode).toBe(200);
      const { categories } = res.json() as { categories: Array<{ name: string; questions: Array<{ question: string; is_public: boolean }> }> };
      const all = categories.flatMap((g) => g.questions.map((q) => q.question));
      expect(all).toContain('Quem libera o meu acesso às trilhas da loja?');
      expect(all).toContain('Como faço meu primeiro acesso?');
      expect(all).not.toContain('Pública despublicada');
      expect(categories.map((g) => g.name)).toEqual([...categories.map((g) => g.name)].sort((a, b) => (a < b ? -1 : 1)));
      // another client's learner sees its own client's only
      const other = (await get(`${API}${FAQ_PATHS.learner}`, otherAdmin)).json().categories.flatMap((g: { questions: Array<{ question: string }> }) => g.questions.map((q) => q.question));
      expect(other).not.toContain('Como faço meu primeiro acesso?');
      expect((await get(`${API}${FAQ_PATHS.learner}`)).statusCode).toBe(401);
    });

    it('takes a learner\'s question with their own name and e-mail, rate limited per user', async () => {
      const ask = (question: string) => send('POST', `${API}${FAQ_PATHS.learnerAsk}`, { question, name: 'Outro nome', email: 'x@y.z' }, learner.tokens);
      expect((await ask(' ')).json()).toMatchObject({ code: REQUIRED, fields: { question: REQUIRED } });
      expect((await ask('Quando sai a nova trilha?')).statusCode).toBe(201);
      const row = await t.app.db.selectFrom('faq_received_questions').selectAll().where('user_id', '=', learner.id).executeTakeFirstOrThrow();
      const user = await t.app.db.selectFrom('users').select(['full_name', 'email']).where('id', '=', learner.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ client_id: c.demo, origin: 'portal', name: user.full_name, email: user.email, question: 'Quando sai a nova trilha?' });
      for (let i = 1; i < FAQ_ASK_RATE.max; i++) expect((await ask(`Outra ${i}`)).statusCode).toBe(201);
      expect((await ask('Mais uma')).json().code).toBe('too_many_questions');
    });
  });
});
