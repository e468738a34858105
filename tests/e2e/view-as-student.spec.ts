import { expect, test } from './test.ts';
import { adminLogin, apiToken } from './support.ts';

/**
 * spec 1 §2.3 "view editor as a student" (view_editor): from the training editor an administrator
 * opens the portal, in a new tab, as a chosen learner sees the training — read-only, nothing recorded.
 */
test('an administrator opens a training in the portal as a learner sees it, and nothing is recorded', async ({ page, request, context }) => {
  const learner = await apiToken(request, 'learner@demo.local', 'Learner#2026!');
  const auth = { authorization: `Bearer ${learner}` };
  const list = await request.get('/api/group_trainings/', { headers: auth }).then((r) => r.json()) as { results: { id: number; title: string }[] };
  const training = list.results[0]!;

  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.waitForURL(/\/admin\/(overview)?$/);
  await page.goto(`/admin/trainings/${training.id}`);
  await page.getByRole('button', { name: 'Ver como aluno' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Aluno' }).fill('Lia');
  await page.getByRole('option', { name: /Lia Learner/ }).click();
  await dialog.getByRole('button', { name: 'Preparar pré-visualização' }).click();
  await expect(dialog.getByText(/Pronto: o portal mostrará/)).toBeVisible();

  const before = await request.get(`/api/group_trainings/${training.id}/`, { headers: auth }).then((r) => r.text());
  const [portal] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: 'Abrir no portal' }).click()]);
  await expect(portal.getByText(/Pré-visualização como Lia Learner/)).toBeVisible({ timeout: 20_000 });
  await expect(portal.getByRole('heading', { level: 1, name: training.title })).toBeVisible();
  // what writes is shown disabled
  const actions = portal.getByRole('main').getByRole('button', { disabled: false });
  for (const name of await actions.allInnerTexts()) expect(name).not.toMatch(/^(Iniciar|Começar|Fazer prova|Inscrever)/);
  expect(await request.get(`/api/group_trainings/${training.id}/`, { headers: auth }).then((r) => r.text())).toBe(before);
});
