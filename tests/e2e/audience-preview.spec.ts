import { expect, test, type Locator, type Page } from './test.ts';
import { adminLogin, apiToken, portalLogin, tusUpload } from './support.ts';

/** Types HTML into a rich-text input through its HTML source dialog (spec 2 §2.3). */
async function fillRichText(page: Page, scope: Locator, html: string) {
  await scope.getByRole('button', { name: 'Código HTML' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código-fonte HTML' });
  await dialog.getByRole('textbox', { name: 'HTML' }).fill(html);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
}

/** A one-page PDF: the smallest module a training can be published with. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Issue "Control panel quality" item 3 (spec 2 §5.1, §6; spec 3 §1): an administrator creates a
 * training for every area and every profile; the audience input says whom it reaches — the demo
 * learner, who has neither an area nor a profile, among them — and, once published, the demo
 * learner finds it in the portal's catalogue.
 */
test('a training for all areas and all profiles says it reaches the demo learner, who then sees it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const title = `Para todo o cliente ${Date.now()}`;
  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Treinamentos', exact: true }).click();
  await page.getByRole('link', { name: 'Criar' }).click();

  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await fillRichText(page, page.locator('.ra-input-description'), '<p>Um treinamento para todas as pessoas do cliente.</p>');
  await page.getByRole('combobox', { name: 'Tipo de capacitação' }).click();
  await page.getByRole('option', { name: 'Online', exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Carga horária (horas)' }).fill('1');
  // the superuser holds trainings_set_score (spec 2 §5.1)
  await page.getByRole('spinbutton', { name: 'Pontuação' }).fill('10');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: /Customer experience/ }).click();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Permissões' }).click();
  const preview = page.getByRole('status', { name: 'Alcance do público' });
  await expect(preview).toContainText('Escolha grupos de usuários, ou áreas e perfis');
  // the optional groups are never marked required
  await expect(page.getByRole('combobox', { name: 'Grupos de usuários' })).not.toHaveAttribute('aria-required', 'true');
  await expect(page.getByText('Grupos de usuários *')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Selecionar todas as áreas' }).check();
  await expect(preview).toContainText('Não alcança ninguém');
  await page.getByRole('checkbox', { name: 'Todos os perfis' }).check();
  await expect(preview).toContainText(/Alcança \d+ pessoas/);
  await expect(preview).toContainText('Lia Learner');

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Dados básicos salvos com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/trainings\/\d+$/);
  const trainingId = Number(new URL(page.url()).pathname.split('/').pop());

  // a module and the publication, through the API the editor's other tabs call (trainings.spec.ts goes through them)
  const admin = await apiToken(request, 'admin@demo.local', 'Admin#2026!');
  const auth = { authorization: `Bearer ${admin}` };
  const created = await request.post(`/api/admin_group_trainings/group_trainings/${trainingId}/group_training_modules/`, {
    headers: auth, multipart: { title: 'Leitura', group_training_module_type: '3', status: '1', resource: await tusUpload(request, admin, onePagePdf(), 'leitura.pdf') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const published = await request.post(`/api/admin_group_trainings/group_trainings/${trainingId}/publish/`, { headers: auth, data: {} });
  expect(published.ok(), await published.text()).toBe(true);

  // the demo learner (no area, no profile) sees it, in a browser of her own (the admin's session is shared with the portal)
  const learner = await (await browser.newContext()).newPage();
  await portalLogin(learner, 'learner@demo.local', 'Learner#2026!');
  await learner.goto('/courses');
  await expect(learner.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await learner.context().close();
});
