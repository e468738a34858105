import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { DIALECTS, buildTestApp, type TestApp } from './helpers.ts';
import { clientIds } from './userFixtures.ts';

/** spec 1 §2.1 portfolio page (use_portfolio_page, course search); spec 2 §2.1 {host}/online-courses/{id}. */
describe.each(DIALECTS)('public course catalogue on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const { demo, other } = await clientIds(t.app);
    const now = new Date();
    const add = async (key: string, clientId: number, values: { on_portfolio: boolean; portfolio_order?: number; status?: number; title: string }) => {
      const row = await t.app.db.insertInto('group_trainings').values({
        client_id: clientId, title: values.title, description: `<p>About ${values.title}</p>`, on_portfolio: values.on_portfolio,
        portfolio_order: values.portfolio_order ?? 0, status: values.status ?? 1, workload: 4, code: null, unpublish_date: null,
        qty_certificate_expiration_days: null, image_url: null, certificate_image_url: null, created_by: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      ids[key] = row.id;
    };
    await add('second', demo, { on_portfolio: true, portfolio_order: 2, title: 'Zeta <selling> 100%' });
    await add('first', demo, { on_portfolio: true, portfolio_order: 1, title: 'Alpha service' });
    await add('hidden', demo, { on_portfolio: false, title: 'Internal compliance' });
    await add('draft', demo, { on_portfolio: true, status: 2, title: 'Draft on portfolio' });
    await add('other', other, { on_portfolio: true, title: 'Other company course' });
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, language = 'en') => t.app.inject({ url, headers: { 'accept-language': language } });

  it('is not there while use_portfolio_page is off', async () => {
    await saveLoginParams(t.app.db, { use_portfolio_page: false });
    const res = await get('/portfolio');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });

  it('lists the published portfolio trainings in portfolio order, escaped, with a course search; no script', async () => {
    await saveLoginParams(t.app.db, { use_portfolio_page: true });
    const res = await get('/portfolio');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('<html lang="en-us">');
    const alpha = res.body.indexOf('Alpha service');
    const zeta = res.body.indexOf('Zeta &lt;selling&gt; 100%');
    expect(alpha).toBeGreaterThan(0);
    expect(zeta).toBeGreaterThan(alpha);
    for (const absent of ['Internal compliance', 'Draft on portfolio', 'Other company course', '<selling>']) expect(res.body).not.toContain(absent);
    expect(res.body).toContain(`href="/online-courses/${ids.first}"`);

    const searched = await get('/portfolio?q=100%25');
    expect(searched.body).toContain('Zeta');
    expect(searched.body).not.toContain('Alpha service');
    expect((await get('/portfolio?q=nothing-like-this', 'pt-BR,pt;q=0.9')).body).toContain('Nenhum curso encontrado.');
  });

  it('shows a portfolio training publicly, and only the way in for any other', async () => {
    await saveLoginParams(t.app.db, { use_portfolio_page: true });
    const open = await get(`/online-courses/${ids.first}`, 'fr-FR');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Alpha service');
    expect(open.body).toContain('<p>About Alpha service</p>');
    expect(open.body).toContain(`href="/courses/${ids.first}"`);
    expect(open.body).toContain("Se connecter pour s'inscrire".replace("'", '&#39;'));
    for (const key of ['hidden', 'draft', 'other'] as const) {
      const closed = await get(`/online-courses/${ids[key]}`);
      expect(closed.statusCode).toBe(200);
      expect(closed.body).not.toContain('About');
      expect(closed.body).toContain(`href="/courses/${ids[key]}"`);
    }
    expect((await get('/online-courses/not-a-number')).body).toContain('href="/"');
  });
});
