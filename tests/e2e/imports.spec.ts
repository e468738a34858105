import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from './test.ts';
import { adminLogin, latestMail, portalLogin } from './support.ts';

/**
 * Issue 3 item 6 (spec 1 §2.3 admin-imports, §4.3): the users template is downloaded, filled
 * with three rows (one invalid), uploaded through tus, validated (the bad row reported with its
 * line), processed; the two users are listed and can log into the portal with the default password.
 */
test('an administrator imports users from the downloaded template', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const people = [
    { full_name: 'Ivo Importado', email: `ivo.${stamp}@demo.local` },
    { full_name: 'Sem Email Valido', email: 'not-an-email' },
    { full_name: 'Isa Importada', email: `isa.${stamp}@demo.local` },
  ];

  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Importações' }).click();
  // with no import yet, the list swaps its toolbar for the empty page (each with a "Criar"): a click
  // on the first as it went was lost once on a loaded machine, so click until the form opens
  await expect(async () => {
    await page.getByRole('link', { name: 'Criar' }).first().click({ timeout: 5000 });
    await expect(page).toHaveURL(/\/admin-imports\/create/, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Nova importação' }).or(page.getByText('Nova importação')).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar modelo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('modelo-de-importacao-usuarios.xlsx');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-import-'));
  const template = path.join(dir, 'template.xlsx');
  await download.saveAs(template);

  // fill the template's own data sheet below its header, as an administrator would
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets.find((s) => s.state !== 'hidden')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 2)).toEqual(['full_name', 'email']);
  people.forEach((person, i) => {
    const row = sheet.getRow(i + 2);
    row.getCell(header.indexOf('full_name') + 1).value = person.full_name;
    row.getCell(header.indexOf('email') + 1).value = person.email;
    row.getCell(header.indexOf('profile') + 1).value = 'Cashier';
    row.commit();
  });
  const filled = path.join(dir, 'pessoas.xlsx');
  await workbook.xlsx.writeFile(filled);

  await page.locator('input[type="file"]').setInputFiles(filled);
  await expect(page.getByText('Arquivo enviado')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar e validar' }).click();
  await expect(page).toHaveURL(/\/admin\/admin-imports\/\d+\/show$/);

  // validation: the invalid row is reported with its line, and the import can still be processed
  // the pass runs in the import worker's own process, started for it: 30 s was once too short on a loaded machine
  await expect(page.getByText(/Validação concluída com 1 linha com erro/)).toBeVisible({ timeout: 60_000 });
  const errorRow = page.getByRole('row').filter({ hasText: 'Endereço de e-mail inválido' });
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow.getByRole('cell').nth(1)).toHaveText('3');

  await page.getByRole('button', { name: 'Processar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Com erros').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Processamento concluído: 2 criados, 0 atualizado, 1 erro')).toBeVisible();

  // both valid people are listed
  await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
  await page.getByPlaceholder('Buscar', { exact: true }).fill(String(stamp));
  await expect(page.getByText(people[0]!.email)).toBeVisible();
  await expect(page.getByText(people[2]!.email)).toBeVisible();

  // each is e-mailed a first-access link (spec 1 §2.1 set-password/{username}/{uidb64}/{token}):
  // the person chooses a password there, logs in, accepts the terms and lands on home
  const link = /\/set-password\/[^\s"<>]+/.exec(await latestMail(people[0]!.email))![0];
  const learner = await (await browser.newContext()).newPage();
  await learner.goto(link);
  await learner.getByLabel('Nova senha', { exact: true }).fill('Ivo#2026!');
  await learner.getByLabel('Confirmação da nova senha').fill('Ivo#2026!');
  await learner.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(learner.getByRole('status').or(learner.getByRole('link', { name: /login/i })).first()).toBeVisible();
  await portalLogin(learner, people[0]!.email, 'Ivo#2026!');
  await expect(learner.getByRole('heading', { name: /Ivo Importado/ })).toBeVisible();
  // the other imported person got a link of their own
  expect(await latestMail(people[2]!.email)).toMatch(/\/set-password\//);
  fs.rmSync(dir, { recursive: true, force: true });
});
