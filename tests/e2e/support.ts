import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { dataDir, expect, type APIRequestContext, type Page } from './test.ts';


/** The newest mail to `to` in the outbox (SMTP_URL unset), with soft line breaks joined. */
export async function latestMail(to: string, after = 0): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.includes(to) && Number(f.split('-')[0]) >= after).sort()
      : [];
    const newest = files.at(-1);
    if (newest) return fs.readFileSync(path.join(outbox, newest), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * Logs into the portal. The terms and conditions, asked of anyone who has not accepted the client's
 * current version (spec 1 §2.4; a person the test created), are accepted. A welcome banner shown
 * after login (spec 3 §3; the seed has one for the demo learner's group) is confirmed, so the page
 * behind can be used — unless the test is about the welcome banner itself (`keepWelcomeBanner`). A
 * refused login shows its alert and returns.
 */
export async function portalLogin(page: Page, username: string, password: string, { keepWelcomeBanner = false } = {}) {
  await page.goto('/');
  await page.getByLabel('E-mail ou documento').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  const welcome = keepWelcomeBanner ? null : Promise.race([
    page.waitForResponse((res) => res.url().includes('/api/welcome_banners/current/'), { timeout: 15_000 }),
    page.getByRole('alert').first().waitFor({ timeout: 15_000 }).then(() => null),
  ]).catch(() => null);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // the terms gate comes before any page: wait until the login page is left, then for a page heading
  const signedIn = await Promise.race([
    page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 }).then(() => true),
    page.getByRole('alert').first().waitFor({ timeout: 15_000 }).then(() => false),
  ]).catch(() => false);
  if (signedIn) {
    await page.locator('main h1').first().waitFor({ timeout: 15_000 }).catch(() => {});
    const terms = page.getByRole('button', { name: 'Li e aceito' });
    if (await terms.isVisible()) {
      await terms.click();
      await terms.waitFor({ state: 'detached' });
    }
  }
  const answer = await welcome;
  if (!answer?.ok() || !(await answer.json() as { banner: unknown }).banner) return;
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^(Confirmar|Fechar)$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

export async function adminLogin(page: Page, username: string, password: string, path = '/admin/') {
  await page.goto(path);
  await page.getByLabel(/E-mail/).fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

/** An access token of the API for a user (password grant of the portal's client). */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/o/token/', { headers: { authorization: BASIC }, form: { grant_type: 'password', username, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token as string;
}

/** A zip of the given files (an HTML or SCORM package). */
export async function zip(files: Record<string, string>): Promise<Buffer> {
  const archive = new JSZip();
  for (const [name, content] of Object.entries(files)) archive.file(name, content);
  return archive.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** tus creation + one PATCH of a training module's file, as the admin's uploader does; answers the upload id. */
export async function tusUpload(request: APIRequestContext, auth: string, bytes: Buffer, filename: string): Promise<string> {
  const metadata = Object.entries({ filename, kind: 'training_module' }).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
  const created = await request.post('/api/files/tus/', {
    headers: { authorization: `Bearer ${auth}`, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': metadata },
  });
  expect(created.status()).toBe(201);
  const location = created.headers().location!;
  const patched = await request.patch(location, {
    headers: { authorization: `Bearer ${auth}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  return location.split('/').pop()!;
}

export interface TrainingCopy {
  trainingId: number;
  /** the instructor's bearer header, who owns the copy */
  auth: { authorization: string };
  /** adds an uploaded module (spec 2 §3.2 types: 3 PDF, 4 SCORM, 5 HTML …) and answers it as created */
  addModule(title: string, type: number, bytes: Buffer, name: string): Promise<{ id: number; resource_url: string }>;
  publish(): Promise<void>;
}

/**
 * A copy of the demo learner's onboarding training ("Boas-vindas à loja"), made by the
 * instructor through the duplicate action: a spec may change it without touching the seed that
 * other specs read.
 */
export async function copyOnboardingTraining(request: APIRequestContext): Promise<TrainingCopy> {
  const instructor = await apiToken(request, 'instructor@demo.local', 'Instructor#2026!');
  const auth = { authorization: `Bearer ${instructor}` };
  const list = await request.get('/api/admin_group_trainings/group_trainings/?search=Boas-vindas&page_size=0', { headers: auth });
  const seeded = ((await list.json()).results as Array<{ id: number; title: string }>).find((r) => r.title === 'Boas-vindas à loja')!;
  const copy = await request.get(`/api/admin_group_trainings/group_trainings/${seeded.id}/duplicate/`, { headers: auth });
  expect(copy.ok(), await copy.text()).toBe(true);
  const trainingId = (await copy.json()).group_training_duplicated_id as number;
  return {
    trainingId,
    auth,
    async addModule(title, type, bytes, name) {
      const res = await request.post(`/api/admin_group_trainings/group_trainings/${trainingId}/group_training_modules/`, {
        headers: auth, multipart: { title, group_training_module_type: String(type), status: '1', resource: await tusUpload(request, instructor, bytes, name) },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number; resource_url: string };
    },
    async publish() {
      const published = await request.post(`/api/admin_group_trainings/group_trainings/${trainingId}/publish/`, { headers: auth, data: {} });
      expect(published.ok(), await published.text()).toBe(true);
    },
  };
}
