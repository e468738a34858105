import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Provider from 'oidc-provider';
import { dataDir, expect, test, type APIRequestContext, type Page } from './test.ts';
import { apiToken } from './support.ts';

/**
 * Issue #22 "Tests": a visitor signs up, waits for approval, an admin approves, the person logs in,
 * accepts the terms and lands on home; a second visitor recovers the password by SMS (the code read
 * from the outbox); a partner-provider user logs in through login-{partner} against a real OpenID
 * provider started here. The captcha (ALTCHA) is solved by the real widget under the portal's CSP.
 */
const SU = { email: 'admin@demo.local', password: 'Admin#2026!' };
const stamp = Date.now().toString(36);

async function configure(request: APIRequestContext, token: string, loginParams: Record<string, unknown>) {
  const res = await request.put('/api/admin_config/configuration/', { headers: { authorization: `Bearer ${token}` }, data: { login_params: loginParams } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Fails the test on any CSP violation the page reports (the captcha's worker, the help desk…). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Ticks the ALTCHA widget of the form and waits for its proof of work (a web worker) to be verified. */
async function solveCaptcha(page: Page) {
  const widget = page.getByRole('main').locator('altcha-widget').first();
  await widget.locator('label').click();
  await expect(widget.locator('.altcha')).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
}

async function acceptTermsAndSeeHome(page: Page, name: string) {
  await page.getByRole('button', { name: 'Li e aceito' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${name}!` })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/home$/);
}

test.describe.serial('access and onboarding (#22)', () => {
  let su: string;
  test.beforeAll(async ({ request }) => {
    su = await apiToken(request, SU.email, SU.password);
    await configure(request, su, { user_register: true, register_needs_approval: true, use_recaptcha: true, register: { fields: ['mobile'], password_strong_level: 'low' } });
  });
  test.afterAll(async ({ request }) => {
    await configure(request, su, { user_register: false, use_recaptcha: false, register: { fields: [], password_strong_level: 'low' } });
  });

  test('sign-up with the captcha, approval by an admin, first login with the terms, home', async ({ page, request }) => {
    const csp = watchCsp(page);
    const email = `visitor.${stamp}@example.com`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Criar uma conta' }).click();
    await page.getByLabel('Nome completo').fill('Vera Visitor');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('DDD').fill('11');
    await page.getByLabel('Celular').fill('987650001');
    await page.getByLabel('Senha', { exact: true }).fill('Visit#2026');
    await page.getByLabel('Confirmar senha').fill('Visit#2026');
    // ALTCHA: the widget's proof of work runs in a web worker under the portal's CSP (worker-src blob:)
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Sua conta foi criada e aguarda aprovação')).toBeVisible();
    expect(csp).toEqual([]);

    // awaiting approval: the login is refused
    const refused = await request.post('/api/o/token/', {
      headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
      form: { grant_type: 'password', username: email, password: 'Visit#2026' },
    });
    expect(refused.ok()).toBe(false);

    // an admin approves the account (the users list's approve action)
    const list = await request.get(`/api/admin_users/users/?search=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${su}` } });
    const [user] = (await list.json()).results as Array<{ id: number; status: string }>;
    expect(user!.status).toBe('awaiting_validation');
    const approved = await request.post(`/api/admin_users/users/${user!.id}/approve/`, { headers: { authorization: `Bearer ${su}` } });
    expect(approved.ok(), await approved.text()).toBe(true);

    await page.goto('/');
    await page.getByLabel('E-mail ou documento').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('Visit#2026');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await acceptTermsAndSeeHome(page, 'Vera Visitor');
  });

  test('a second visitor recovers the password by SMS (code from the outbox)', async ({ page, request }) => {
    await configure(request, su, { use_recaptcha: false, register_needs_approval: true });
    const email = `sms.${stamp}@example.com`;
    const signUp = await request.post('/api/users/register/', { data: {
      full_name: 'Sam Sms', email, password: 'Old#2026x', confirm_password: 'Old#2026x', mobile_area_code: '21', mobile: '912340002',
    } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const list = await request.get(`/api/admin_users/users/?search=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${su}` } });
    const [user] = (await list.json()).results as Array<{ id: number }>;
    expect((await request.post(`/api/admin_users/users/${user!.id}/approve/`, { headers: { authorization: `Bearer ${su}` } })).ok()).toBe(true);

    const since = Date.now();
    await page.goto('/recover-password');
    await page.getByRole('link', { name: 'Recuperar por SMS' }).click();
    await page.getByLabel('E-mail ou documento').fill(email);
    await page.getByLabel('DDD').fill('21');
    await page.getByLabel('Celular').fill('912340002');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const code = await smsCode('21912340002', since);
    await page.getByLabel('Código', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Confirmar código' }).click();
    await page.getByLabel('Nova senha', { exact: true }).fill('New#2026x');
    await page.getByLabel('Confirmação da nova senha').fill('New#2026x');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Sua senha foi alterada')).toBeVisible();
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await page.getByLabel('E-mail ou documento').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('New#2026x');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await acceptTermsAndSeeHome(page, 'Sam Sms');
  });

  test('a partner user logs in through login-{partner} (a real OpenID provider)', async ({ page, request, baseURL }) => {
    const idp = await startProvider(`http://localhost:${new URL(baseURL!).port}/login-chipco`);
    try {
      const created = await request.post('/api/admin_config/partner_providers/', {
        headers: { authorization: `Bearer ${su}` },
        data: { slug: 'chipco', name: 'ChipCo', issuer: idp.issuer, oidc_client_id: 'learning', oidc_client_secret: 'learning-secret', auto_provision: true },
      });
      expect(created.ok(), await created.text()).toBe(true);
      await page.goto('/');
      await page.getByRole('link', { name: 'Entrar com ChipCo' }).click();
      // the provider's own (development) login and consent pages
      await page.locator('input[name="login"]').fill(`pat${stamp}`);
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(/\/login-chipco|\/home/);
      await acceptTermsAndSeeHome(page, `Partner pat${stamp}`);
    } finally {
      await idp.close();
    }
  });
});

/** The 6-digit code of the newest SMS to that number written after `since`. */
async function smsCode(to: string, since: number): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  for (let i = 0; i < 50; i++) {
    const file = fs.readdirSync(outbox).filter((f) => f.endsWith(`-${to}.sms`) && Number(f.split('-')[0]) >= since).sort().at(-1);
    const code = file && /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${to}`);
}

async function startProvider(redirectUri: string) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'learning', client_secret: 'learning-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, email: `${sub}@partner.example`, email_verified: true, name: `Partner ${sub}` }) };
    },
    claims: { email: ['email', 'email_verified'], profile: ['name'], openid: ['sub'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-partner-cookie-key'] },
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
