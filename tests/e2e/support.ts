import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The DATA_DIR of the server under test (written by e2e-server.mjs). */
export function dataDir(): string {
  return fs.readFileSync(path.join(import.meta.dirname, '..', '.e2e-data-dir'), 'utf8').trim();
}

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

export async function portalLogin(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByLabel('E-mail ou documento').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function adminLogin(page: Page, username: string, password: string, path = '/admin/') {
  await page.goto(path);
  await page.getByLabel(/E-mail/).fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
