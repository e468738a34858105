import { expect, test } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';

const STORE_MANAGER = { email: 'store.manager@demo.local', password: 'Store#2026!' };
const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
const SURVEY = 'Pesquisa de clima das lojas 2026';

/**
 * Issue 20 item 1 (spec 1 §3.1 has_mandatory_surveys; spec 3 §3 "Survey", §5 "Select at least one
 * option"): the store manager, in the audience of the demo's mandatory survey, is taken to it
 * before anything else and cannot go elsewhere; a half-filled survey survives a reload; once
 * answered the portal opens, and the administrator sees the answer in the survey's answers view.
 */
test('the store manager answers the mandatory survey first; the admin sees the answer', async ({ page }) => {
  test.setTimeout(120_000);
  await portalLogin(page, STORE_MANAGER.email, STORE_MANAGER.password);
  await expect(page).toHaveURL(/\/surveys\/mandatory$/);
  await expect(page.getByText('Responda esta pesquisa antes de continuar.')).toBeVisible();
  await expect(page.getByRole('heading', { name: SURVEY })).toBeVisible();

  // no way around it: another page sends the learner back
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/surveys\/mandatory$/);
  await expect(page.getByRole('heading', { name: SURVEY })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Selecione pelo menos uma opção' })).toBeVisible();

  // a half-filled survey is kept on the server
  await page.getByLabel('Bom', { exact: true }).check();
  await page.getByRole('button', { name: 'Salvar e continuar depois' }).click();
  await expect(page.getByText('Suas respostas foram salvas')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bom', { exact: true })).toBeChecked();

  await page.getByLabel('Aplicativo').check();
  await page.getByLabel('Reunião diária').check();
  await page.getByLabel('Sua resposta').fill('Mais treinamentos no balcão');
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByText('Obrigado! Suas respostas foram enviadas.')).toBeVisible();

  await page.goto('/courses');
  await expect(page).toHaveURL(/\/courses$/);

  // off the portal first: a token refresh still in flight would set its cookie again after the clearing
  await page.goto('about:blank');
  await page.context().clearCookies();
  await adminLogin(page, ADMIN.email, ADMIN.password, '/admin/surveys');
  await page.getByRole('cell', { name: SURVEY }).click();
  await page.getByRole('tab', { name: 'Respostas' }).click();
  await expect(page.getByText('1 respondente')).toBeVisible();
  await expect(page.getByText('Bom: 1')).toBeVisible();
  await expect(page.getByText('Mais treinamentos no balcão')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar respostas (xlsx)' })).toBeVisible();
});
