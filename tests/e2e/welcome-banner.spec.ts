import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type APIRequestContext } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };

/** A small real PNG (a colour gradient) for the image crop input. */
function png(width = 240, height = 100): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) rows.set([Math.round((x / width) * 255), 80, 160], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A learner of Demo Retail in a user group of their own, made through the admin API. */
async function learnerInNewGroup(request: APIRequestContext, stamp: number) {
  const token = await request.post('/api/o/token/', {
    headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
    form: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
  });
  const headers = { authorization: `Bearer ${(await token.json()).access_token as string}` };
  const session = await (await request.get('/api/users/session/', { headers })).json() as { user_clients: Array<{ id: number; name: string }> };
  const demo = session.user_clients.find((c) => c.name === 'Demo Retail')!.id;
  const group = await (await request.post('/api/admin_users/user_groups/', { headers, data: { name: `Boas-vindas E2E ${stamp}` } })).json() as { id: number; name: string };
  const learner = { full_name: `Eva Ensaio ${stamp}`, email: `eva.${stamp}@example.com`, password: 'Eva#Pass2026' };
  const user = await request.post('/api/admin_users/users/', { headers, data: { ...learner, client_ids: [demo] } });
  expect(user.status(), await user.text()).toBe(201);
  const members = await request.post(`/api/admin_users/user_groups/${group.id}/members/`, { headers, data: { user_ids: [(await user.json()).id] } });
  expect(members.ok(), await members.text()).toBe(true);
  return { group, learner };
}

/**
 * Issue 7 (spec 3 §3, §5 welcome banners): an administrator publishes a welcome banner with
 * "just confirm" for a group; a learner of the group sees it after login, confirms it, and after
 * logging out and in again does not see it any more.
 */
test('a welcome banner (just confirm) is seen once after login', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const { group, learner } = await learnerInNewGroup(request, stamp);
  const title = `Bem-vinda ao trimestre ${stamp}`;

  await adminLogin(page, ADMIN.email, ADMIN.password);
  await page.getByRole('menuitem', { name: 'Banners de boas-vindas', exact: true }).click();
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/banners-welcome\/create$/);
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.locator('.ra-input-desktop_image input[type="file"]').setInputFiles({ name: 'boas-vindas.png', mimeType: 'image/png', buffer: png() });
  await page.getByRole('dialog').getByRole('button', { name: 'Recortar e enviar' }).click();
  await expect(page.locator('.ra-input-desktop_image img')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Apenas confirmar' })).toBeChecked();
  await page.getByRole('combobox', { name: 'Grupos de usuários' }).click();
  await page.getByRole('option', { name: group.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/banners-welcome$/);
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  const portal = await (await browser.newContext()).newPage();
  await portalLogin(portal, learner.email, learner.password, { keepWelcomeBanner: true });
  const dialog = portal.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('img')).toHaveAttribute('src', /\/media\/images\/welcome_banners\//);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(portal.getByText(`Olá, ${learner.full_name}!`)).toBeVisible();

  await portal.getByRole('button', { name: 'Sair' }).click();
  await expect(portal.getByLabel('E-mail ou documento')).toBeVisible();
  const current = portal.waitForResponse((res) => res.url().includes('/api/welcome_banners/current/'));
  await portalLogin(portal, learner.email, learner.password, { keepWelcomeBanner: true });
  expect((await (await current).json()).banner).toBeNull();
  await expect(portal.getByText(`Olá, ${learner.full_name}!`)).toBeVisible();
  await expect(portal.getByRole('dialog')).toHaveCount(0);

  // the administrator sees the confirmation counted
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByRole('cell', { name: '1', exact: true })).toBeVisible();
});
