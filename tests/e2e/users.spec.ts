import { expect, test } from '@playwright/test';
import { adminLogin, latestMail } from './support.ts';

/** Issue 3: a user created in the control panel can then use the portal (spec 1 §2.3 users, §3.4). */
test('an administrator creates a user, sends the reset e-mail, and the user logs into the portal', async ({ page, browser }) => {
  const email = `new.hire.${Date.now()}@demo.local`;
  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);

  await page.getByRole('textbox', { name: 'Nome completo' }).fill('Nina New Hire');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await page.getByRole('tab', { name: 'Dados da organização' }).click();
  // the selected client comes preselected (spec 1 §5: at least one client)
  await expect(page.getByRole('button', { name: 'Demo Retail' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  // spec 1 §8.3 "Invalid email address": shown on the field, the rest of the form kept
  await page.getByRole('tab', { name: 'Dados pessoais' }).click();
  await expect(page.getByText('Endereço de e-mail inválido').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Nina New Hire');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+/);

  const before = Date.now();
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await page.getByRole('button', { name: 'Enviar e-mail de redefinição' }).click();
  await expect(page.getByText('E-mail de redefinição de senha enviado')).toBeVisible();

  const mail = await latestMail(email, before);
  const link = /http:\/\/[^\s]+\/recover-password\/[^\s]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  // the new user on their own browser (admin and portal share the origin and its stored session)
  const learner = await (await browser.newContext()).newPage();
  await learner.goto(new URL(link!).pathname);
  await learner.getByLabel('Nova senha', { exact: true }).fill('FirstDay#2026');
  await learner.getByLabel('Confirmação da nova senha').fill('FirstDay#2026');
  await learner.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(learner.getByText(/Sua senha foi alterada/)).toBeVisible();

  await learner.goto('/');
  await learner.getByLabel('E-mail ou documento').fill(email);
  await learner.getByLabel('Senha', { exact: true }).fill('FirstDay#2026');
  await learner.getByRole('button', { name: 'Entrar' }).click();
  await expect(learner.getByText(/Nina/).first()).toBeVisible();
});
