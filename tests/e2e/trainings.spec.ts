import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './test.ts';
import { adminLogin } from './support.ts';

/** A one-second test pattern, as a real (small) mp4, made by ffmpeg (.ci/run installs it). */
function smallMp4(dir: string): string {
  const file = path.join(dir, 'boas-vindas.mp4');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1',
    '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]);
  return file;
}

/** Types HTML into a rich-text input through its HTML source dialog (spec 2 §2.3). */
async function fillRichText(page: Page, scope: Locator, html: string) {
  await scope.getByRole('button', { name: 'Código HTML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código-fonte HTML' });
  await dialog.getByRole('textbox', { name: 'HTML' }).fill(html);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addQuestion(page: Page, n: number) {
  await page.getByRole('button', { name: 'Nova questão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova questão' });
  await fillRichText(page, dialog, `<p>Pergunta ${n}: qual é a saudação certa?</p>`);
  for (const answer of [`Bom dia, posso ajudar? (${n})`, `Não atender (${n})`]) {
    await dialog.getByRole('button', { name: 'Adicionar alternativa' }).click();
    const alternative = page.getByRole('dialog', { name: 'Adicionar alternativa' });
    await fillRichText(page, alternative, `<p>${answer}</p>`);
    await alternative.getByRole('button', { name: 'Adicionar' }).click();
    await expect(alternative).toBeHidden();
  }
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Issue 4 (spec 2 §2.3, §4.5, §4.6, §5.8, §7.1): an instructor creates a training, uploads a
 * small mp4 module through tus, builds a test with 3 questions, imports 5 more from an xlsx,
 * orders the items with a prerequisite and publishes; an empty training cannot be published.
 */
test('an instructor builds, orders and publishes a training', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-training-'));
  const title = `Atendimento nota 10 ${Date.now()}`;
  await adminLogin(page, 'instructor@demo.local', 'Instructor#2026!');
  await page.getByRole('menuitem', { name: 'Treinamentos' }).click();
  await page.getByRole('link', { name: 'Criar' }).click();

  // basic data (spec 2 §5.1), then the audience in the permissions sub-tab
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await fillRichText(page, page.locator('.ra-input-description'), '<p>Como receber o cliente na loja.</p>');
  await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de capacitação' }), 'Online');
  await page.getByRole('spinbutton', { name: 'Carga horária (horas)' }).fill('2');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: /Customer experience/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Permissões' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Grupos de usuários' }), 'Store leaders');
  await page.keyboard.press('Escape');
  // the audience preview arrives after the choice and moves the toolbar down: a click aimed before it lands elsewhere
  await expect(page.getByText(/Alcança \d+ pessoa/)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Dados básicos salvos com sucesso.')).toBeVisible();
  // the route's id is replaced with the new training's (spec 2 §2.3)
  await expect(page).toHaveURL(/\/admin\/trainings\/\d+$/);
  const trainingUrl = page.url();

  // an empty training cannot be published (spec 2 §4.6, §6)
  await page.getByRole('tab', { name: 'Configurar e publicar' }).click();
  await expect(page.getByRole('button', { name: 'Publicar', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Publicar', exact: true }).locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('O treinamento não tem aulas nem provas, ou você não tem permissão para publicá-lo');

  // a video module uploaded through tus
  await page.getByRole('tab', { name: 'Aulas' }).click();
  await page.getByRole('button', { name: 'Novo módulo' }).click();
  const moduleDialog = page.getByRole('dialog', { name: 'Novo módulo' });
  await chooseOption(page, moduleDialog.getByRole('combobox', { name: 'Tipo de conteúdo' }), 'Vídeo');
  await moduleDialog.getByRole('textbox', { name: 'Título' }).fill('Boas-vindas em vídeo');
  await moduleDialog.locator('input[type="file"]').setInputFiles(smallMp4(dir));
  await expect(moduleDialog.getByText('Arquivo enviado')).toBeVisible();
  await moduleDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Módulo adicionado com sucesso')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Boas-vindas em vídeo' })).toBeVisible();

  // a conventional test with 3 questions; adding the first question saves the test first (§4.5)
  await page.getByRole('tab', { name: 'Provas' }).click();
  await page.getByRole('button', { name: 'Nova prova' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Tipo de prova' }), 'Convencional');
  await page.getByRole('textbox', { name: 'Título' }).fill('Prova de atendimento');
  for (const n of [1, 2, 3]) await addQuestion(page, n);
  await expect(page.getByRole('table', { name: 'Questões' }).getByRole('row')).toHaveCount(4);

  // 5 more from the template, filled here
  await page.getByRole('button', { name: 'Importar prova' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar prova' });
  const downloading = page.waitForEvent('download');
  await importDialog.getByRole('button', { name: 'Baixar modelo' }).click();
  const template = path.join(dir, 'modelo.xlsx');
  await (await downloading).saveAs(template);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  for (let n = 4; n <= 8; n += 1) {
    sheet.getRow(n - 2).values = [`Pergunta importada ${n}`, `Certa ${n}`, `Errada ${n}`, null, null, null, null, 1, 'sim'];
  }
  const filled = path.join(dir, 'prova.xlsx');
  await workbook.xlsx.writeFile(filled);
  await importDialog.locator('input[type="file"]').setInputFiles(filled);
  await importDialog.getByRole('button', { name: 'Enviar prova' }).click();
  await expect(importDialog.getByText('5 questões válidas, 0 com erro (não será importada)')).toBeVisible();
  await importDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Questões importadas com sucesso')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Questões' }).getByRole('row')).toHaveCount(9);
  // the minimum score a published conventional test needs (spec 2 §5.3)
  await page.getByRole('spinbutton', { name: 'Nota mínima para aprovação' }).fill('6');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Prova atualizada com sucesso')).toBeVisible();

  // order: the test first, then the module; the module requires the test (spec 2 §5.8)
  await page.getByRole('tab', { name: 'Configurar e publicar' }).click();
  await page.getByRole('button', { name: 'Mover Prova de atendimento para cima' }).click();
  await expect(page.getByText('Configuração salva com sucesso')).toBeVisible();
  const moduleRow = page.getByRole('row').filter({ hasText: 'Boas-vindas em vídeo' });
  await chooseOption(page, moduleRow.getByRole('combobox'), '1. Prova de atendimento');
  await expect(moduleRow.getByRole('combobox')).toHaveValue('1. Prova de atendimento');
  await expect(page.getByText('Configuração salva com sucesso').first()).toBeVisible();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('Publicado')).toBeVisible();

  // what was saved is what the editor shows again
  await page.goto(`${trainingUrl}/configure_and_publish`);
  const rows = page.getByRole('table', { name: 'Itens do treinamento' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Prova de atendimento');
  await expect(rows.nth(2)).toContainText('Boas-vindas em vídeo');
  await expect(rows.nth(2).getByRole('combobox')).toHaveValue('1. Prova de atendimento');
  fs.rmSync(dir, { recursive: true, force: true });
});
