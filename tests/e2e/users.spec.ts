import { expect, test, type Page } from './test.ts';
import { adminLogin, latestMail } from './support.ts';

/** Issue 3: a user created in the control panel can then use the portal (spec 1 §2.3 users, §3.4). */
test('an administrator creates a user, sends the reset e-mail, and the user logs into the portal', async ({ page, browser }) => {
  const email = `new.hire.${Date.now()}@demo.local`;
  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);

  await page.getByRole('textbox', { name: 'Nome completo' }).fill('Nina New Hire');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not-an-email');
  await page.getByRole('tab', { name: 'Dados da organização' }).click();
  // the selected client comes preselected (spec 1 §5: at least one client)
  await expect(page.getByRole('button', { name: 'Demo Retail' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  // spec 1 §8.3 "Invalid email address": shown on the field, the rest of the form kept
  await page.getByRole('tab', { name: 'Dados pessoais' }).click();
  await expect(page.getByText('Endereço de e-mail inválido').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome completo' })).toHaveValue('Nina New Hire');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
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

/**
 * Issue 25 items 1 and 2 (spec 1 §2.3 "Form errors scroll to the first invalid field", §5.2, §5.3,
 * §8.5): a fresh install checks a Brazilian document, and a taken e-mail is shown on the e-mail
 * field — brought into view and focused from another tab — with a notice naming the conflict.
 */
// FIXME(issue 25): the notice now names the problem (a form-level rule's {message, args} was read
// as no message: formErrors.ts messageOf, EditorForm.test.tsx). Still open in the built admin in
/**
 * A person sees the tab open before pressing Save: the tab's navigation (a router transition) is
 * let finish first, or it may land after the error presenter opened the field's tab and take the
 * form back (seen in two of four runs when Save followed the tab click within milliseconds).
 */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an administrator creating a user sees the invalid document and the taken e-mail on their focused fields', async ({ page }) => {
  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Usuários', exact: true }).click();
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);

  await page.getByRole('textbox', { name: 'Nome completo' }).fill('Tina Taken');
  // the client's default country (Brazil) is chosen and its mask applies
  await page.getByRole('textbox', { name: 'Documento' }).fill('12345678900');
  await expect(page.getByRole('textbox', { name: 'Documento' })).toHaveValue('123.456.789-00');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('learner@demo.local');
  await openTab(page, 'Dados da organização');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // the form's own rule: "Invalid document" said (first: the notice hides itself after a few
  // seconds, which a saturated machine can spend on the checks below), back on the personal tab,
  // the document focused
  await expect(page.getByRole('alert').filter({ hasText: 'Documento inválido' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Dados pessoais' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Documento' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Documento' }).fill('111.444.777-35');
  await openTab(page, 'Dados da organização');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // the server's 409: the notice names the conflict (first, as above), on the e-mail field, focused
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail cadastrado para outro usuário' })).toBeVisible();
  const emailField = page.getByRole('textbox', { name: 'E-mail', exact: true });
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Certifique-se de que todos os campos estão preenchidos.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
});
