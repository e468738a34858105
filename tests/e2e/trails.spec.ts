import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };
/** the demo learner's group (server/src/seed/demo.ts): every audience here */
const GROUP = 'Onboarding 2026';

async function tokenOf(request: APIRequestContext, user: { email: string; password: string }) {
  const token = await request.post('/api/o/token/', {
    headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
    form: { grant_type: 'password', username: user.email, password: user.password },
  });
  expect(token.ok(), await token.text()).toBe(true);
  return { authorization: `Bearer ${(await token.json()).access_token as string}` };
}

/** The content the trail is made of, through the admin API (their own editors have their own journeys). */
async function content(request: APIRequestContext, stamp: number) {
  const headers = await tokenOf(request, ADMIN);
  const groups = await request.get(`/api/admin_users/user_groups/?search=${encodeURIComponent(GROUP)}&page_size=0`, { headers });
  const group = ((await groups.json()).results as Array<{ id: number; name: string }>).find((g) => g.name === GROUP)!.id;
  const liveClass = await request.post('/api/admin_live_classes/live_classes/', {
    headers,
    data: {
      title: `Aula da trilha ${stamp}`, description: '', live_class_type: 'open', live_class_date: new Date(Date.now() + 5 * 60_000).toISOString(),
      timezone: 'America/Sao_Paulo', stream_type: 1, transmission_url: 'https://meet.example.com/trilha', maximum_participants: 10, user_groups: [group],
    },
  });
  expect(liveClass.status(), await liveClass.text()).toBe(201);
  const news = await request.post('/api/admin_news/news/', {
    headers,
    data: { title: `Notícia da trilha ${stamp}`, content: '<p>Leia antes da aula.</p>', status: 1, timezone: null, publish_date: null, unpublish_date: null, user_groups: [group] },
  });
  expect(news.status(), await news.text()).toBe(201);
  const trail = await request.post('/api/admin_trails/trails/', {
    headers, data: { title: `Trilha E2E ${stamp}`, description: '', score: 10, user_groups: [group] },
  });
  expect(trail.status(), await trail.text()).toBe(201);
  return { headers, liveClass: (await liveClass.json()).id as number, news: (await news.json()).id as number, trail: (await trail.json()).id as number };
}

/** The admin adds a module of `kind` (the kind selector, then that kind's search). */
async function addModule(page: Page, kind: string, search: string, title: string) {
  await page.getByRole('combobox', { name: 'Tipo de módulo' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await page.getByRole('combobox', { name: `Adicionar ${kind.toLowerCase()}` }).fill(search);
  await page.getByRole('option', { name: title }).click();
  await expect(page.getByText('Módulo adicionado com sucesso')).toBeVisible();
}

/**
 * Issue 15 item 7 (spec 2 §2.4): a trail holds a live class and a news item. The admin adds both
 * in the trail editor; the learner meets them on the trail page with their kinds and their own
 * pages, reads the news (done), and completes the class — the trail is then finished and certified.
 */
test('a trail with a live class and a news item: added by kind, taken on their own pages, certified', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const made = await content(request, stamp);
  const classTitle = `Aula da trilha ${stamp}`;
  const newsTitle = `Notícia da trilha ${stamp}`;

  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem', { name: 'Trilhas' })).toBeVisible();
  await page.goto(`/admin/trails/${made.trail}/modules`);
  await addModule(page, 'Aula ao vivo', `${stamp}`, classTitle);
  await addModule(page, 'Notícia', `${stamp}`, newsTitle);
  const rows = page.getByRole('table', { name: 'Módulos da trilha' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Aula ao vivo');
  await expect(rows.nth(1)).toContainText(classTitle);
  await expect(rows.nth(2)).toContainText('Notícia');
  const published = await request.post(`/api/admin_trails/trails/${made.trail}/publish/`, { headers: made.headers, form: {} });
  expect(published.ok(), await published.text()).toBe(true);

  // the learner: both modules with their kinds, each linking to its own page
  const portal = await (await browser.newContext()).newPage();
  await portalLogin(portal, LEARNER.email, LEARNER.password);
  await expect(portal).toHaveURL(/\/home$/);
  await portal.goto(`/trails/${made.trail}`);
  const modules = portal.getByRole('region', { name: 'Módulos da trilha (2)' }).getByRole('listitem');
  await expect(modules.nth(0)).toContainText('Aula ao vivo');
  await expect(modules.nth(0).getByRole('link', { name: classTitle })).toHaveAttribute('href', `/live_classes/${made.liveClass}`);
  await expect(modules.nth(1)).toContainText('Abra a notícia para lê-la');
  await modules.nth(1).getByRole('link', { name: newsTitle }).click();
  await expect(portal).toHaveURL(new RegExp(`/news/${made.news}$`));
  await expect(portal.getByRole('dialog')).toContainText('Leia antes da aula.');

  await portal.goto(`/trails/${made.trail}`);
  await expect(modules.nth(1)).toContainText('✓ Lida');

  // the class: subscribed, the room entered, set Finished — the last module, so the trail is done
  const learner = await tokenOf(request, LEARNER);
  expect((await request.post(`/api/live_classes/${made.liveClass}/subscription/`, { headers: learner })).ok()).toBe(true);
  expect((await request.get(`/api/live_classes/${made.liveClass}/room/`, { headers: learner })).ok()).toBe(true);
  const finished = await request.put(`/api/admin_live_classes/live_classes/${made.liveClass}/`, { headers: made.headers, data: { status: 4 } });
  expect(finished.ok(), await finished.text()).toBe(true);
  await portal.reload();
  await expect(modules.nth(0)).toContainText('✓ Aula concluída');
  await expect(portal.getByText('Você tem um certificado válido desta trilha.')).toBeVisible();
});
