import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { apiToken, portalLogin } from './support.ts';

/**
 * Issue #22 screens seen in a browser: the captcha in the page's language, the install-the-app
 * box on a phone, the help-desk widget (a vendor script served here, under the portal's CSP), the
 * profile's tabs and its picture taken from the gallery, cropped and saved.
 * SHOTS_DIR keeps a screenshot of each at desktop and phone size.
 */
const SU = { email: 'admin@demo.local', password: 'Admin#2026!' };
const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
// e2e-server.mjs names it as the server's HELP_DESK_URL; the test answers it (a vendor's script)
const HELP_DESK_SCRIPT = 'https://help-desk.e2e.test/widget.js';
const shots = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

async function configure(request: APIRequestContext, token: string, loginParams: Record<string, unknown>) {
  const res = await request.put('/api/admin_config/configuration/', { headers: { authorization: `Bearer ${token}` }, data: { login_params: loginParams } });
  expect(res.ok(), await res.text()).toBe(true);
}

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A real PNG (width × height, a colour gradient) for the crop: the canvas must have pixels to draw. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([Math.round((255 * x) / width), Math.round((255 * y) / height), 160], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test.describe.serial('access screens (#22)', () => {
  // taken before the captcha is switched on: with it, a password login needs a solved one
  let su: string;
  test.beforeAll(async ({ request }) => {
    su = await apiToken(request, SU.email, SU.password);
  });
  test.afterAll(async ({ request }) => {
    await configure(request, su, { use_recaptcha: false, use_help_desk: false });
  });

  test('the captcha speaks the page\'s language (pt-br), at desktop and phone size', async ({ page, request }) => {
    await configure(request, su, { use_recaptcha: true });
    const csp = watchCsp(page);
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const widget = page.getByRole('form', { name: 'Entrar' }).locator('altcha-widget');
      await expect(widget).toContainText('Não sou um robô');
      await expect(widget).toContainText('Protegido por');
      await expect(widget).not.toContainText("I'm not a robot");
      await shoot(page, `login-captcha-pt-br-${size}`);
    }
    // the public question form below the login (show_public_faq) carries its own, in the same words
    await expect(page.getByRole('form', { name: 'Envie sua pergunta' }).locator('altcha-widget')).toContainText('Não sou um robô');
    // the recovery form carries it too, in the same words
    await page.goto('/recover-password');
    await expect(page.getByRole('main').locator('altcha-widget')).toContainText('Não sou um robô');
    expect(csp).toEqual([]);
    await configure(request, su, { use_recaptcha: false });
  });

  test('the install-the-app box keeps one readable row on a 390 px phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, userAgent: ANDROID, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // the store pages are the server's (APP_STORE_URL, PLAY_STORE_URL): named here for this page only
    await page.route('**/api/login_params/', async (route) => {
      const answer = await route.fetch();
      const params = await answer.json() as Record<string, unknown>;
      await route.fulfill({ response: answer, json: { ...params, mobile_app: { scheme: null, app_store_url: 'https://apps.apple.com/app/id1', play_store_url: null, user_agent: 'LearningApp/' } } });
    });
    await page.goto('/');
    const box = page.getByRole('complementary', { name: 'Aplicativo' });
    await expect(box).toBeVisible();
    const text = box.getByText('Use o aplicativo');
    const boxSize = (await box.boundingBox())!;
    const textSize = (await text.boundingBox())!;
    // the sentence takes most of the box's width instead of a narrow column of one word a line
    expect(textSize.width).toBeGreaterThan(boxSize.width * 0.6);
    expect(boxSize.height).toBeLessThan(140);
    await shoot(page, 'install-box-phone');
    await context.close();
  });

  test('the help-desk widget: the vendor script loads under the CSP and draws its button, on the login page and inside', async ({ page, request }) => {
    await configure(request, su, { use_help_desk: true });
    // the vendor's script, as a help-desk product ships one: it adds a floating button opening its panel
    let served = 0;
    await page.route(HELP_DESK_SCRIPT, async (route) => {
      served += 1;
      await route.fulfill({ contentType: 'text/javascript', body: `
        (() => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Atendimento';
          button.setAttribute('style', 'position:fixed;right:16px;bottom:16px;z-index:50;padding:12px 18px;border-radius:24px;background:#0b6e4f;color:#fff;border:0');
          button.addEventListener('click', () => {
            const panel = document.createElement('div');
            panel.setAttribute('role', 'dialog');
            panel.setAttribute('aria-label', 'Central de ajuda');
            panel.textContent = 'Como podemos ajudar?';
            panel.setAttribute('style', 'position:fixed;right:16px;bottom:72px;z-index:50;padding:16px;background:#fff;border:1px solid #ccc');
            document.body.append(panel);
          });
          document.body.append(button);
        })();` });
    });
    const csp = watchCsp(page);
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Atendimento' })).toBeVisible();
      await shoot(page, `help-desk-login-${size}`);
    }
    await page.setViewportSize(DESKTOP);
    await portalLogin(page, LEARNER.email, LEARNER.password);
    await expect(page.getByRole('button', { name: 'Atendimento' })).toBeVisible();
    await page.getByRole('button', { name: 'Atendimento' }).click();
    await expect(page.getByRole('dialog', { name: 'Central de ajuda' })).toHaveText('Como podemos ajudar?');
    await shoot(page, 'help-desk-portal-desktop');
    // one script however many pages show the slot
    expect(await page.locator('script[data-help-desk]').count()).toBe(1);
    expect(served).toBeGreaterThan(0);
    expect(csp).toEqual([]);
    await configure(request, su, { use_help_desk: false });
  });

  test('the profile: each tab, and a picture from the gallery cropped square, saved and shown', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await portalLogin(page, LEARNER.email, LEARNER.password);
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      for (const [tab, path] of [['basic-data', '/profile'], ['certificates', '/profile/certificates'], ['downloads', '/profile/downloads']] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.loading')).toHaveCount(0);
        await shoot(page, `profile-${tab}-${size}`);
      }
    }

    await page.setViewportSize(DESKTOP);
    await page.goto('/profile');
    // a picture left by an earlier, interrupted run on the same server goes first
    await page.getByRole('heading', { name: 'Foto do perfil' }).waitFor();
    if (await page.getByRole('button', { name: 'Remover foto' }).isVisible()) await page.getByRole('button', { name: 'Remover foto' }).click();
    await expect(page.getByText('Você ainda não tem foto.')).toBeVisible();
    await page.locator('input[type="file"]:not([capture])').setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: png(640, 400) });
    const dialog = page.getByRole('dialog', { name: 'Recortar a foto' });
    await expect(dialog.getByAltText('Área de recorte da foto')).toBeVisible();
    await dialog.getByRole('slider').fill('1.5');
    await shoot(page, 'avatar-crop-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'avatar-crop-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Salvar foto' }).click();
    await expect(page.getByText('Foto do perfil salva.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const avatar = page.getByAltText('Sua foto do perfil');
    await expect(avatar).toHaveAttribute('src', /^\/media\/users\/.+\.png$/);
    // the stored picture is the square zoomed in on (400 px / 1.5), and the browser shows it
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([267, 267]);
    await shoot(page, 'profile-avatar-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'profile-avatar-phone');
    // it stays after a reload; removing it leaves the demo learner as the seed had them
    await page.reload();
    await expect(page.getByAltText('Sua foto do perfil')).toBeVisible();
    await page.getByRole('button', { name: 'Remover foto' }).click();
    await expect(page.getByText('Foto do perfil removida.')).toBeVisible();
    await expect(page.getByAltText('Sua foto do perfil')).toHaveCount(0);
  });
});
