import { expect, test } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';
import { ADMIN, adminApi, makeUser } from './presential-support.ts';

const R = '/api/admin_rewards/';
/** the demo's published campaign (server/src/seed/rewards.ts DEMO_CAMPAIGN_TITLE) */
const CAMPAIGN = 'Campanha Vendas de Verão';
/** A 2×2 PNG: enough for the upload's content check and for the browser to draw it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4X8EgF3UChP9XMAAAJroFb4q1fZQAAAAASUVORK5CYII=', 'base64');

/**
 * Issue 18 "End-to-end": a learner on a phone reports a sale with an invoice photo and two
 * products, an auditor approves it, the learner redeems a reward, the admin takes the order to
 * delivered and the learner follows it on the order's timeline (spec 3 §2 "Learner campaign
 * pages", §4 "Sale", "Redeem order").
 */
test('a sale reported on a phone, audited, redeemed and followed to delivered', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const api = await adminApi(request);
  const campaign = (await api.json<{ results: Array<{ id: number; title: string }> }>('GET', `${R}campaigns/?search=${encodeURIComponent(CAMPAIGN)}&page_size=10`))
    .results.find((c) => c.title === CAMPAIGN)!;
  const learner = await makeUser(api, `Vera Vendedora ${stamp}`);
  await api.json('POST', `${R}campaigns/${campaign.id}/users/`, { user_ids: [learner.id] });
  // the auditor holds the campaigns' key only (spec 1 §6.2 reward_campaigns: auditor and processor)
  const auditor = await makeUser(api, `Caio Auditor ${stamp}`, { items: ['reward_campaigns'] });

  // the learner, on a phone, reports a sale: two products and the invoice photo
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await portalLogin(phone, learner.email, learner.password);
  await phone.goto('/rewards');
  await phone.getByRole('link', { name: new RegExp(CAMPAIGN) }).click();
  await expect(phone.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  await phone.getByRole('tab', { name: 'Registrar venda' }).click();
  const invoice = `E2E-${stamp}`;
  await phone.getByLabel('Data da venda').fill(new Date().toISOString().slice(0, 10));
  await phone.getByLabel('Número da nota fiscal').fill(invoice);
  await phone.getByRole('combobox', { name: 'Produto' }).selectOption({ label: 'Smart TV 55" (300 pts/un.)' });
  await phone.getByRole('button', { name: 'Adicionar novo produto' }).click();
  await phone.getByRole('combobox', { name: 'Produto' }).nth(1).selectOption({ label: 'Smart TV 43" (150 pts/un.)' });
  await phone.getByRole('spinbutton', { name: 'Quantidade' }).nth(1).fill('2');
  const photo = phone.getByLabel('Foto da nota fiscal (envie ou tire uma foto)');
  await expect(photo).toHaveAttribute('capture', 'environment');
  await photo.setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: PNG });
  await phone.getByRole('button', { name: 'Registrar venda' }).click();
  await expect(phone.getByText('Sua venda foi registrada e os pontos creditados; os pontos podem ser auditados a qualquer momento')).toBeVisible();
  const summary = phone.getByRole('group', { name: 'Meus pontos' });
  await expect(summary.getByText('600', { exact: true }).first()).toBeVisible();

  // the auditor approves it in the sales audit
  await adminLogin(page, auditor.email, auditor.password);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto('/admin/rewards/sales');
  const sale = page.getByRole('row').filter({ hasText: invoice });
  await expect(sale).toContainText('Aguardando aprovação');
  await expect(sale.getByRole('link', { name: 'Nota fiscal' })).toHaveAttribute('href', /\/api\/files\/media\//);
  await sale.getByRole('button', { name: 'Aprovar' }).click();
  await expect(sale).toContainText('Aprovada');
  await expect(sale.getByRole('button', { name: 'Aprovar' })).toBeDisabled();

  // the learner redeems a reward with their address
  await phone.reload();
  await phone.getByRole('tab', { name: 'Catálogo' }).click();
  const card = phone.getByRole('listitem').filter({ hasText: 'Fone de ouvido Bluetooth' });
  await card.getByRole('button', { name: 'Resgatar' }).click();
  const form = phone.getByRole('form', { name: 'Resgatar Fone de ouvido Bluetooth' });
  await form.getByLabel('Nome completo', { exact: true }).fill(learner.full_name);
  await form.getByLabel('E-mail', { exact: true }).fill(learner.email);
  await form.getByLabel('DDD', { exact: true }).fill('11');
  await form.getByLabel('Telefone', { exact: true }).fill('988887777');
  await form.getByLabel('Rua', { exact: true }).fill('Av. Paulista');
  await form.getByLabel('Número', { exact: true }).fill('1000');
  await form.getByLabel('Cidade', { exact: true }).fill('São Paulo');
  await form.getByLabel('Estado', { exact: true }).fill('SP');
  await form.getByRole('button', { name: 'Confirmar resgate' }).click();
  const redeemed = phone.getByText(/^Resgate solicitado: pedido \S+$/);
  await expect(redeemed).toBeVisible();
  const orderNumber = (await redeemed.textContent())!.split('pedido ')[1]!.trim();
  await expect(summary.getByText('400', { exact: true }).first()).toBeVisible();

  // the admin takes the order through approved and shipped to delivered, each with a comment
  const orders = await api.json<{ results: Array<{ id: number; order_number: string }> }>('GET', `${R}orders/?search=${orderNumber}&page_size=10`);
  const order = orders.results.find((o) => o.order_number === orderNumber)!;
  const admin = await (await browser.newContext()).newPage();
  await adminLogin(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('menuitem').first()).toBeVisible();
  await admin.goto(`/admin/rewards/orders/${order.id}`);
  for (const [button, comment, status] of [
    ['Aprovar', 'Pedido aprovado E2E', 'Aprovado'], ['Marcar como enviado', 'Enviado: BR000E2E', 'Enviado'], ['Marcar como entregue', 'Entregue na loja', 'Entregue'],
  ] as const) {
    await admin.getByLabel('Comentário').fill(comment);
    await admin.getByRole('button', { name: button }).click();
    await expect(admin.getByText(comment).first()).toBeVisible();
    await expect(admin.getByText(status, { exact: true }).first()).toBeVisible();
  }
  await expect(admin.getByRole('button', { name: 'Marcar como entregue' })).toHaveCount(0);

  // the learner follows the order on its timeline
  await phone.reload();
  await phone.getByRole('tab', { name: 'Meus pedidos' }).click();
  const mine = phone.locator('.reward-order').filter({ hasText: orderNumber });
  const timeline = mine.getByRole('list', { name: 'Andamento do pedido' });
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline).toContainText('Pendente');
  await expect(timeline).toContainText('Entregue');
  await expect(timeline).toContainText('Entregue na loja');
  // the phone's page fits its width
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await admin.context().close();
  await phone.context().close();
});
