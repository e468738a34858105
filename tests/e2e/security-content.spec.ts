import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import LZString from 'lz-string';
import { expect, test, type Frame, type Page, type Response } from './test.ts';
import { adminLogin, copyOnboardingTraining, portalLogin, zip } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'lp-e2e-screenshots');

/**
 * The hostile package: an HTML "training module" whose page tries every way to the
 * session of whoever opens it — the portal's storage (`learning-v3`), the cookies, the parent
 * page, the API with the browser's credentials, the token endpoint with the refresh cookie —
 * and writes what it got into its own page, where the test reads it.
 */
function hostilePage(app: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Aula hostil</title></head><body>
<h1>Aula</h1><pre id="result">running</pre>
<script>
(async () => {
  const out = {};
  const attempt = async (name, fn) => {
    try {
      const value = await fn();
      out[name] = value === undefined || value === null || value === '' ? 'empty' : 'GOT ' + String(value).slice(0, 300);
    } catch (error) {
      out[name] = 'blocked ' + (error && error.name);
    }
  };
  await attempt('localStorage', () => localStorage.getItem('learning-v3'));
  await attempt('sessionStorage', () => sessionStorage.length);
  await attempt('cookie', () => document.cookie);
  await attempt('parentLocalStorage', () => parent.localStorage.getItem('learning-v3'));
  await attempt('topLocalStorage', () => top.localStorage.getItem('learning-v3'));
  await attempt('parentCookie', () => parent.document.cookie);
  // framed: the portal's page itself (opened on its own, the package has no other parent)
  await attempt('parentDocument', () => (parent === window ? '' : parent.document.body.innerHTML));
  await attempt('opener', () => opener && opener.localStorage.getItem('learning-v3'));
  await attempt('session', async () => {
    const res = await fetch('${app}/api/users/session/', { credentials: 'include' });
    return res.status + ' ' + await res.text();
  });
  await attempt('refresh', async () => {
    const res = await fetch('${app}/api/o/token/', {
      method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=web&client_secret=web-secret',
    });
    return res.status + ' ' + await res.text();
  });
  // a blind request (no-cors) would carry cookies if the browser sent any: the server must not rotate on it
  await attempt('blindRefresh', async () => {
    const res = await fetch('${app}/api/o/token/', {
      method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&client_id=web&client_secret=web-secret',
    });
    return res.type === 'opaque' ? '' : res.status + ' ' + await res.text();
  });
  document.getElementById('result').textContent = JSON.stringify(out);
})();
</script></body></html>`;
}

/** A SCORM 1.2 package whose page resumes its location and completes itself on a button. */
const SCORM_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Lição SCORM</title>
<style>body{font-family:sans-serif;margin:24px;background:#f4f8fb}button{font-size:18px;padding:8px 16px}</style></head>
<body><h1>Lição de atendimento</h1><p id="api">procurando a API…</p><p id="where"></p>
<button id="done" type="button">Concluir a lição</button>
<script>
function findApi(win) { for (var i = 0; win && i < 10; i++) { if (win.API) return win.API; if (win.parent === win) break; win = win.parent; } return null; }
var api = findApi(window);
document.getElementById('api').textContent = api ? 'API encontrada' : 'sem API';
if (api) {
  api.LMSInitialize('');
  document.getElementById('where').textContent = 'local: ' + (api.LMSGetValue('cmi.core.lesson_location') || 'início');
  api.LMSSetValue('cmi.core.lesson_location', 'pagina-2');
  api.LMSCommit('');
}
document.getElementById('done').onclick = function () {
  api.LMSSetValue('cmi.core.lesson_status', 'completed');
  api.LMSSetValue('cmi.core.score.raw', '90');
  api.LMSCommit('');
  api.LMSFinish('');
  document.getElementById('where').textContent = 'concluída';
};
</script></body></html>`;

const MANIFEST = `<?xml version="1.0"?><manifest identifier="lp.e2e" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
 xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
<organizations default="o"><organization identifier="o"><title>E2E</title><item identifier="i" identifierref="r"><title>Lição</title></item></organization></organizations>
<resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources></manifest>`;

/** What the hostile page wrote, once it has run. */
/**
 * The access token a token answer hands the page, or null. A page that navigates away before the
 * body is read (a reload right after the session was restored) loses that body; the next token
 * answer (the reloaded page's own refresh) carries the token then in use.
 */
async function accessTokenOf(res: Response): Promise<string | null> {
  if (!res.url().endsWith('/api/o/token/') || !res.ok()) return null;
  try {
    return ((await res.json()) as { access_token: string }).access_token;
  } catch {
    return null;
  }
}

async function stolen(frame: Page | Frame): Promise<Record<string, string>> {
  const result = frame.locator('#result');
  await expect(result).not.toHaveText('running', { timeout: 15_000 });
  return JSON.parse((await result.textContent())!) as Record<string, string>;
}

function expectNothingStolen(found: Record<string, string>, secrets: string[]) {
  const text = JSON.stringify(found);
  for (const secret of secrets) expect(text).not.toContain(secret);
  for (const [name, value] of Object.entries(found)) {
    expect(`${name}: ${value}`).toMatch(/: (blocked \w+|empty)$/);
  }
}

/**
 * docs/security.md: an instructor uploads a hostile package as a training module; a
 * superuser opens it from the control panel and a learner in the portal. It runs on the content
 * origin in a sandbox without allow-same-origin and reads no token, no session data and no cookie
 * of the app; the learner's session goes on. The learner then completes a SCORM module through
 * the runtime in its frame.
 */
test('an uploaded package reads nothing of the session of whoever opens it; SCORM still completes', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const app = new URL(baseURL!).origin;
  // a copy of the demo learner's onboarding training, with the two packages as its modules
  const { trainingId, addModule, publish } = await copyOnboardingTraining(request);
  const hostile = await addModule('Aula hostil', 5, await zip({ 'index.html': hostilePage(app) }), 'aula.zip');
  await addModule('Lição SCORM', 4, await zip({ 'imsmanifest.xml': MANIFEST, 'index.html': SCORM_PAGE }), 'licao-scorm.zip');
  await publish();
  // the package is served by the content origin (this host, the next port), never by the app's
  expect(new URL(hostile.resource_url).origin).toBe(`http://127.0.0.1:${Number(new URL(app).port) + 1}`);
  expect((await request.get(`/media/${new URL(hostile.resource_url).pathname.split('/').slice(3).join('/')}`)).status()).toBe(404);

  // ---- a superuser opens it from the control panel (the module's file link, a new tab) ----
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  let adminAccess = '';
  admin.on('response', async (res) => { adminAccess = (await accessTokenOf(res)) ?? adminAccess; });
  await adminLogin(admin, 'admin@demo.local', 'Admin#2026!', `/admin/trainings/${trainingId}`);
  await admin.getByRole('tab', { name: 'Aulas' }).click();
  await admin.getByRole('button', { name: /Editar Aula hostil/ }).click();
  const [preview] = await Promise.all([admin.waitForEvent('popup'), admin.getByRole('dialog').getByRole('link', { name: 'aula.zip' }).click()]);
  expect(new URL(preview.url()).origin).not.toBe(app);
  const fromAdmin = await stolen(preview);
  expect(adminAccess).not.toBe('');
  expectNothingStolen(fromAdmin, [adminAccess, 'learning-v3', 'lp_refresh']);
  // the admin's tab never kept a token where a script could read it
  const adminStored = LZString.decompressFromUTF16((await admin.evaluate(() => localStorage.getItem('learning-v3'))) ?? '') ?? '';
  expect(adminStored).toContain('"signed_in":true');
  expect(adminStored).not.toContain(adminAccess);
  expect(await admin.evaluate(() => document.cookie)).not.toContain('lp_refresh');
  const refreshCookie = (await adminContext.cookies()).find((c) => c.name === 'lp_refresh');
  expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/o/' });
  await adminContext.close();

  // ---- a learner opens it in the portal ----
  let learnerAccess = '';
  page.on('response', async (res) => { learnerAccess = (await accessTokenOf(res)) ?? learnerAccess; });
  await portalLogin(page, 'learner@demo.local', 'Learner#2026!');
  // a reload restores the session from the cookie alone
  await page.goto(`/courses/${trainingId}`);
  await page.reload();
  await page.getByRole('button', { name: 'Abrir Aula hostil' }).click();
  const frame = page.frameLocator('iframe[title="Aula hostil"]');
  const frameElement = page.locator('iframe[title="Aula hostil"]');
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals allow-downloads');
  const handle = await frameElement.elementHandle();
  const contentFrame = (await handle!.contentFrame())!;
  await expect(frame.locator('#result')).not.toHaveText('running', { timeout: 15_000 });
  const fromPortal = await stolen(contentFrame);
  expect(learnerAccess).not.toBe('');
  expectNothingStolen(fromPortal, [learnerAccess, 'learning-v3', 'lp_refresh']);
  // the learner's session survived the package's tries (no rotation, no revoked family)
  await page.getByRole('button', { name: 'Fechar' }).click();
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

  // ---- the SCORM module plays and completes through the runtime in its own frame ----
  await page.goto(`/courses/${trainingId}`);
  const row = page.getByRole('listitem').filter({ hasText: 'Lição SCORM' });
  await page.getByRole('button', { name: 'Abrir Lição SCORM' }).click();
  const scorm = page.frameLocator('iframe[title="Lição SCORM"]');
  await expect(scorm.locator('#api')).toHaveText('API encontrada');
  await expect(scorm.locator('#where')).toHaveText('local: início');
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scorm-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'scorm-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const saved = page.waitForResponse((res) => res.url().includes(`/modules/`) && res.url().endsWith('/scorm/') && res.request().method() === 'PUT'
    && (res.request().postData() ?? '').includes('completed'));
  await scorm.getByRole('button', { name: 'Concluir a lição' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(row.getByText('Concluída')).toBeVisible();
  // reopened, it resumes where the package left its location
  await page.reload();
  await page.getByRole('button', { name: /Lição SCORM$/ }).click();
  await expect(page.frameLocator('iframe[title="Lição SCORM"]').locator('#where')).toHaveText('local: pagina-2');
});

test('the app pages, the API and the content origin answer with their security headers', async ({ request, baseURL }) => {
  const app = new URL(baseURL!);
  for (const url of ['/', '/admin/']) {
    const res = await request.get(url);
    expect(res.status()).toBe(200);
    const headers = res.headers();
    // the portal also runs the Jitsi IFrame API of its live class rooms (JITSI_DOMAIN, meet.jit.si by
    // default) and the help-desk vendor's script (HELP_DESK_URL, set by tests/e2e-server.mjs): named hosts only
    expect(headers['content-security-policy']).toMatch(url === '/' ? /script-src 'self'( https:\/\/[^ ;*]+)+;/ : /script-src 'self';/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // the control panel also frames the portal's game preview (its own origin)
    expect(headers['content-security-policy']).toContain(`frame-src ${url === '/admin/' ? "'self' " : ''}http://127.0.0.1:${Number(app.port) + 1} https:`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toMatch(url === '/' ? /camera=\("https:\/\/[^"]+"\)/ : /camera=\(self\)/);
    // the built pages carry no inline script for the CSP to refuse
    expect(await res.text()).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  }
  const api = await request.get('/api/login_params/');
  expect(api.headers()['cache-control']).toBe('no-store');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  const content = await request.get(`http://127.0.0.1:${Number(app.port) + 1}/`);
  expect(content.status()).toBe(404);
  expect(content.headers()['referrer-policy']).toBe('no-referrer');
  expect(content.headers()['set-cookie']).toBeUndefined();
});
