import { expect, test } from './test.ts';
import { latestMail, portalLogin } from './support.ts';

const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };

test.describe('portal (issue "Platform foundation" item 8–9)', () => {
  test('learner logs in, changes the password and logs in again with it', async ({ page }) => {
    await portalLogin(page, LEARNER.email, LEARNER.password);
    await expect(page.getByText('Olá, Lia Learner!')).toBeVisible();

    await page.getByRole('link', { name: 'Meu perfil' }).first().click();
    await page.getByLabel('Senha atual').fill('not my password');
    await page.getByLabel('Nova senha', { exact: true }).fill('Changed#2027');
    await page.getByLabel('Confirmação da nova senha').fill('Changed#2027');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('A senha atual está incorreta')).toBeVisible();

    await page.getByLabel('Senha atual').fill(LEARNER.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible();

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByLabel('E-mail ou documento')).toBeVisible();

    await portalLogin(page, LEARNER.email, LEARNER.password);
    await expect(page.getByText('Usuário ou senha inválidos')).toBeVisible();
    // by document, masked as typed
    await portalLogin(page, '529.982.247-25', 'Changed#2027');
    await expect(page.getByText('Olá, Lia Learner!')).toBeVisible();

    // the seeded password back, for the specs that log in as the learner after this one
    await page.getByRole('link', { name: 'Meu perfil' }).first().click();
    await page.getByLabel('Senha atual').fill('Changed#2027');
    await page.getByLabel('Nova senha', { exact: true }).fill(LEARNER.password);
    await page.getByLabel('Confirmação da nova senha').fill(LEARNER.password);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('Senha alterada com sucesso.')).toBeVisible();
  });

  test('the guard remembers the requested page; recovery by e-mail sets a new password once', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByLabel('E-mail ou documento')).toBeVisible();

    await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
    const before = Date.now();
    await page.getByLabel('E-mail', { exact: true }).fill('manager@other.local');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText(/Enviamos um link/)).toBeVisible();

    const mail = await latestMail('manager@other.local', before);
    const link = /http:\/\/[^\s]+\/recover-password\/[^\s]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('Nova senha', { exact: true }).fill('Recovered#2027');
    await page.getByLabel('Confirmação da nova senha').fill('Recovered#2027');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText(/Sua senha foi alterada/)).toBeVisible();

    await page.goto(new URL(link!).pathname);
    await expect(page.getByText(/As informações para alterar a senha são inválidas/)).toBeVisible();

    // the path asked for before logging in is where the login lands
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('E-mail ou documento').fill('manager@other.local');
    await page.getByLabel('Senha', { exact: true }).fill('Recovered#2027');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  });

  test('unknown paths show Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
