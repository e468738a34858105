import { expect, test, type APIRequestContext, type Locator, type Page } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };

/** A 2×2 PNG: enough for the upload's content check (spec 2 §5.11) and for the browser to draw it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4X8EgF3UChP9XMAAAJroFb4q1fZQAAAAASUVORK5CYII=',
  'base64',
);

/** A learner of Demo Retail in a user group of their own (the news goes to that group), made through the admin API. */
async function learnerInNewGroup(request: APIRequestContext, stamp: number) {
  const token = await request.post('/api/o/token/', {
    headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
    form: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
  });
  const headers = { authorization: `Bearer ${(await token.json()).access_token as string}` };
  const session = await (await request.get('/api/users/session/', { headers })).json() as { user_clients: Array<{ id: number; name: string }> };
  const demo = session.user_clients.find((c) => c.name === 'Demo Retail')!.id;
  const group = await (await request.post('/api/admin_users/user_groups/', { headers, data: { name: `Leitores E2E ${stamp}` } })).json() as { id: number; name: string };
  const learner = { full_name: `Nina Notícia ${stamp}`, email: `nina.${stamp}@example.com`, password: 'Nina#Pass2026' };
  const user = await request.post('/api/admin_users/users/', { headers, data: { ...learner, client_ids: [demo] } });
  expect(user.status(), await user.text()).toBe(201);
  const members = await request.post(`/api/admin_users/user_groups/${group.id}/members/`, { headers, data: { user_ids: [(await user.json()).id] } });
  expect(members.ok(), await members.text()).toBe(true);
  return { group, learner };
}

/** Types HTML into a rich-text input through its HTML source dialog. */
async function fillRichText(page: Page, scope: Locator, html: string) {
  await scope.getByRole('button', { name: 'Código HTML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código-fonte HTML' });
  await dialog.getByRole('textbox', { name: 'HTML' }).fill(html);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Issue 7 (spec 3 §2, §5, §7; spec 1 §2.1): an administrator publishes a news item with an
 * inline image uploaded through the editor's image button (policy → upload → complete); a
 * learner of its audience reads it in the modal and comments once; the comment reaches the
 * editor's comments tab; a visitor sees only the public FAQ questions on the login page.
 */
test('an admin publishes news with an inline image; a learner reads and comments; a visitor sees the public FAQ', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const { group, learner } = await learnerInNewGroup(request, stamp);
  const title = `Nova vitrine de verão ${stamp}`;

  await adminLogin(page, ADMIN.email, ADMIN.password);
  await page.getByRole('menuitem', { name: 'Notícias' }).click();
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/create$/);
  // a new item is published (spec 3 §4)
  await expect(page.getByRole('switch', { name: 'Status' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Título' }).fill(`${title} 🎉`);
  const content = page.locator('.ra-input-content');
  await fillRichText(page, content, '<p>Confira como montar a vitrine da nova coleção.</p>');
  // spec 3 §7 inline image: the toolbar's image button, then policy, upload and complete
  const chooser = page.waitForEvent('filechooser');
  await content.getByRole('button', { name: 'Inserir imagem' }).click();
  await (await chooser).setFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG });
  await expect(content.locator('img[src*="/media/html_images/news/"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Permissões' }).click();
  await page.getByRole('combobox', { name: 'Grupos de usuários' }).click();
  await page.getByRole('option', { name: group.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Notícia criada com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/news$/);
  // emoticons stripped before saving (spec 3 §5)
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  const portal = await (await browser.newContext()).newPage();
  await portalLogin(portal, learner.email, learner.password);
  await portal.getByRole('navigation').getByRole('link', { name: 'Notícias' }).click();
  await portal.getByRole('link', { name: title }).click();
  await expect(portal).toHaveURL(/\/news\/\d+$/);
  const dialog = portal.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Confira como montar a vitrine da nova coleção.')).toBeVisible();
  const image = dialog.locator('img[src*="/media/html_images/news/"]');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await dialog.getByLabel('Seu comentário').fill('Vou montar a vitrine amanhã!');
  await dialog.getByRole('button', { name: 'Publicar comentário' }).click();
  await expect(dialog.getByText('Seu comentário foi enviado.')).toBeVisible();
  // once: no second form
  await expect(dialog.getByLabel('Seu comentário')).toHaveCount(0);
  await expect(dialog.getByText('Vou montar a vitrine amanhã!')).toBeVisible();
  await portal.keyboard.press('Escape');
  await expect(portal).toHaveURL(/\/news$/);

  // the comment is in the editor's comments tab (spec 3 §7 "Comments", origin news)
  await page.getByRole('cell', { name: title, exact: true }).click();
  await page.getByRole('tab', { name: 'Comentários' }).click();
  await expect(page.getByRole('cell', { name: 'Vou montar a vitrine amanhã!' })).toBeVisible();

  // a visitor of the login page: public questions only, no login (spec 3 §6; the seed turns show_public_faq on)
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
  await expect(visitor.getByText('Como faço meu primeiro acesso?')).toBeVisible();
  await expect(visitor.getByText('Meu certificado tem validade?')).toBeVisible();
  await expect(visitor.getByText('Quem libera o meu acesso às trilhas da loja?')).toHaveCount(0);
  await expect(visitor.getByText('Onde encontro meus certificados?')).toHaveCount(0);
  await visitor.getByText('Como faço meu primeiro acesso?').click();
  await expect(visitor.getByText(/Use o seu e-mail corporativo/)).toBeVisible();
  const ask = visitor.getByRole('form', { name: 'Envie sua pergunta' });
  await ask.getByLabel('Nome').fill('Vera Visitante');
  await ask.getByLabel('E-mail', { exact: true }).fill(`vera.${stamp}@example.com`);
  await ask.getByLabel('Sua pergunta').fill('Vocês têm loja em Recife?');
  await ask.getByRole('button', { name: 'Enviar pergunta' }).click();
  await expect(ask.getByText('Pergunta enviada! Vamos responder em breve.')).toBeVisible();
});
