import { expect, test } from './test.ts';
import { adminLogin } from './support.ts';

test.describe('control panel (issue "Platform foundation" item 7)', () => {
  test('superuser logs in, creates a tag, finds it listed, and a duplicate is refused without losing input', async ({ page }) => {
    await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await expect(page.getByText(/Exibindo 1 a 4 de 4 registros/)).toBeVisible();

    await page.getByRole('link', { name: 'Criar' }).click();
    await expect(page).toHaveURL(/\/admin\/tags\/create$/);
    await page.getByRole('textbox', { name: 'Nome' }).fill('Seasonal campaign');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await expect(page.getByRole('cell', { name: 'Seasonal campaign' })).toBeVisible();
    await expect(page.getByText(/de 5 registros/)).toBeVisible();

    // spec 1 §8.5 / DESIGN: the server's code is shown translated; the form keeps the input
    await page.getByRole('link', { name: 'Criar' }).click();
    await expect(page).toHaveURL(/\/admin\/tags\/create$/);
    await page.getByRole('textbox', { name: 'Nome' }).fill('Seasonal campaign');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // on the field and in the notice (the one error presentation, issue 25 item 1)
    await expect(page.locator('.MuiFormHelperText-root').getByText('Já existe um registro com este nome')).toBeVisible();
    await expect(page.getByRole('alert').getByText('Já existe um registro com este nome')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Seasonal campaign');

    // search keeps to the list (leaving the unsaved form asks first)
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await page.getByPlaceholder('Buscar', { exact: true }).fill('season');
    await expect(page.getByText(/Exibindo 1 a 1 de 1 registro\b/)).toBeVisible();
  });

  test('instructor sees only Tags and cannot open users', async ({ page }) => {
    await adminLogin(page, 'instructor@demo.local', 'Instructor#2026!');
    await expect(page.getByRole('menuitem', { name: 'Tags' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Usuários' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByText('Você não tem permissão para esta página').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'learner@demo.local' })).toHaveCount(0);
  });

  test('an anonymous deep link goes to login, then back to the page asked for (spec 1 §2.4)', async ({ page }) => {
    await page.goto('/admin/trainings');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await page.getByLabel(/E-mail/).fill('instructor@demo.local');
    await page.getByLabel('Senha').fill('Instructor#2026!');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin\/trainings$/);
    await expect(page.getByRole('columnheader', { name: 'Título' })).toBeVisible();
  });

  test('a learner is refused the control panel', async ({ page }) => {
    await adminLogin(page, 'learner@demo.local', 'Learner#2026!');
    await expect(page.getByText('Usuário não tem acesso ao painel de controle!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });
});

test.describe('control panel on a phone (#25 "usable on a tablet and a phone")', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the trainings list fits a 390-px screen, one line per training, and the menu opens over it and closes after a choice', async ({ page }) => {
    await adminLogin(page, 'admin@demo.local', 'Admin#2026!', '/admin/trainings');
    const training = page.getByRole('link', { name: /Boas-vindas à loja/ });
    await expect(training).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the menu starts closed on a phone, opens on demand, searches, and closes after the choice
    await expect(page.getByRole('menuitem', { name: 'Tags' })).toBeHidden();
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('searchbox', { name: 'Buscar no menu' }).fill('tag');
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await expect(page).toHaveURL(/\/admin\/tags$/);
    await expect(page.getByRole('menuitem', { name: 'Tags' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
