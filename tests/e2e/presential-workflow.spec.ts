import { expect, test, type Browser, type Page } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';
import { A, ADMIN, F, adminApi, chooseOption, makeUser, quarterOf, type AdminApi } from './presential-support.ts';

/** the seeded store with ONE planned vacancy for the catalog course DEMO-VND this quarter (server/src/seed/presential.ts) */
const STORE = 'Loja Shopping';
const SEEDED = 'Vendas consultivas — turma 1';

interface Plan { id: number; branch_id: number; branch_name: string; course_id: number; course_code: string; quarter: string; planned: number; filled: number; available: number; canceled: number }
type Listed<T> = T[] | { results: T[] };
const rows = <T,>(answer: Listed<T>): T[] => (Array.isArray(answer) ? answer : answer.results);

/**
 * A template of the seeded pre-scheduled appointment (one event, two days ahead; the course DEMO-VND
 * that stores plan), named for this run; and the store's plan for that event's quarter left with
 * exactly one available seat, whatever earlier runs on this server took.
 */
async function templateAndPlan(api: AdminApi, stamp: number) {
  const seeded = rows(await api.json<Listed<{ id: number; display_title: string }>>('GET', `${F}appointments/?search=${encodeURIComponent(SEEDED)}&page_size=0`))
    .find((a) => a.display_title === SEEDED)!;
  const { id } = await api.json<{ id: number }>('POST', `${A(seeded.id)}save_as_template/`);
  const title = `Vendas consultivas E2E ${stamp}`;
  await api.json('PUT', A(id), { title });
  const [event] = await api.json<Array<{ date: string }>>('GET', `${A(id)}events/`);
  const plan = rows(await api.json<Listed<Plan>>('GET', `${F}planned_vacancies/?page_size=0`))
    .find((p) => p.branch_name === STORE && p.course_code === 'DEMO-VND' && p.quarter === quarterOf(event!.date))!;
  if (plan.available !== 1) {
    await api.json('PUT', `${F}planned_vacancies/${plan.id}/`, {
      branch_id: plan.branch_id, course_id: plan.course_id, quarter: plan.quarter, planned: plan.filled + plan.canceled + 1,
    });
  }
  return { title, branchId: plan.branch_id };
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * Issue 16 "Tests" (spec 3 §2, §4, §5): a requester creates an appointment with one event from a
 * template and requests approval; an approver (approve_events only) approves it; an admin enrolls
 * two learners of a store with one planned vacancy — the second is refused with the spec's
 * message; the first learner requests the cancellation in the portal and the admin approves it.
 */
test('an appointment from a template: requested, approved, the store\'s last vacancy taken, a cancellation approved', async ({ page, browser, request }) => {
  // five people and two browsers' worth of steps: past 120 s on a loaded machine, though every step passes
  test.setTimeout(240_000);
  const stamp = Date.now();
  const api = await adminApi(request);
  const { title, branchId } = await templateAndPlan(api, stamp);
  const approver = await makeUser(api, `Aprovador Presencial ${stamp}`, { items: ['approve_events'] });
  const first = await makeUser(api, `Lucas Shopping ${stamp}`, { branch_id: branchId });
  const second = await makeUser(api, `Marina Shopping ${stamp}`, { branch_id: branchId });

  // the requester (the demo admin) creates the appointment from the template, then requests approval
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto('/admin/presential/appointments');
  await page.getByRole('button', { name: 'Criar a partir de modelo' }).click();
  const picker = page.getByRole('dialog', { name: 'Escolha um modelo' });
  await picker.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page.getByText('Agendamento criado a partir do modelo')).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/presential\/appointments\/\d+/);
  const appointmentId = Number(/appointments\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText('Pré-agendado', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Eventos' }).click();
  await expect(page.getByRole('button', { name: /^Editar o evento de/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Solicitar', exact: true }).click();
  await expect(page.getByText('Agendamento atualizado')).toBeVisible();
  await expect(page.getByText('Aguardando aprovação', { exact: true })).toBeVisible();

  // the approver finds it in the list and approves it there
  const approverPage = await newPage(browser);
  await adminLogin(approverPage, approver.email, approver.password);
  await expect(approverPage.getByRole('menuitem').first()).toBeVisible();
  await approverPage.goto('/admin/presential/appointments');
  await approverPage.getByPlaceholder('Buscar', { exact: true }).fill(title);
  const row = approverPage.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Aguardando aprovação');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await expect(approverPage.getByText('Agendamento atualizado')).toBeVisible();
  await expect(row).toContainText('Aprovado');
  await approverPage.context().close();

  // the admin enrolls two learners of the store: the plan's only seat goes to the first
  await page.reload();
  await expect(page.getByText('Aprovado', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Inscritos' }).click();
  await page.getByRole('combobox', { name: 'Evento' }).click();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option').click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Usuário' }), first.full_name);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expect(page.getByText('Usuário inscrito')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: first.full_name })).toContainText(STORE);
  await chooseOption(page, page.getByRole('combobox', { name: 'Usuário' }), second.full_name);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expect(page.getByText('Todas as vagas planejadas para esta loja neste treinamento já foram utilizadas')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: second.full_name })).toHaveCount(0);

  // the first learner asks to cancel in the portal
  const learner = await newPage(browser);
  await portalLogin(learner, first.email, first.password);
  await learner.goto('/presential');
  await learner.getByRole('link', { name: title }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(learner.getByText('Você está inscrito neste treinamento.')).toBeVisible();
  await learner.getByRole('button', { name: 'Solicitar cancelamento da inscrição' }).click();
  await learner.getByRole('textbox', { name: 'Motivo do cancelamento' }).fill('Conflito com o plantão da loja');
  await learner.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(learner.getByText('Seu pedido de cancelamento aguarda a aprovação do administrador.')).toBeVisible();

  // the admin approves it among the cancellation requests: "request approved", the store's seat freed
  await page.goto('/admin/presential/cancel-enrollments');
  const request_ = page.getByRole('row').filter({ hasText: first.full_name });
  await expect(request_).toContainText('Conflito com o plantão da loja');
  await request_.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Solicitação aprovada')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: first.full_name })).toHaveCount(0);
  await page.goto(`/admin/presential/appointments/${appointmentId}/subscribers`);
  await expect(page.getByRole('row').filter({ hasText: first.full_name })).toContainText('Solicitação aprovada');

  await learner.reload();
  await expect(learner.getByText('Sua inscrição foi cancelada.')).toBeVisible();
  await learner.context().close();
});
