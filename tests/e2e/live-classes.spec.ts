import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './test.ts';
import { adminLogin, latestMail, portalLogin } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };
/** the demo learner's group (server/src/seed/demo.ts): the class's audience */
const GROUP = 'Onboarding 2026';
const TIMEZONE = 'America/Sao_Paulo';
const MEETING_URL = 'https://meet.example.com/sala-e2e';

test.use({ timezoneId: TIMEZONE });

/** The wall-clock time of `at` in `timeZone`, as a datetime-local input holds it ('YYYY-MM-DDTHH:mm'). */
function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A second learner of Demo Retail in the demo learner's group, made through the admin API (the seed has one learner). */
async function secondLearner(request: APIRequestContext, stamp: number) {
  const token = await request.post('/api/o/token/', {
    headers: { authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
    form: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
  });
  const headers = { authorization: `Bearer ${(await token.json()).access_token as string}` };
  const session = await (await request.get('/api/users/session/', { headers })).json() as { user_clients: Array<{ id: number; name: string }> };
  const demo = session.user_clients.find((c) => c.name === 'Demo Retail')!.id;
  const groups = await request.get(`/api/admin_users/user_groups/?search=${encodeURIComponent(GROUP)}&page_size=0`, { headers });
  expect(groups.ok(), await groups.text()).toBe(true);
  const group = ((await groups.json()).results as Array<{ id: number; name: string }>).find((g) => g.name === GROUP)!;
  const learner = { full_name: `Beto Segundo ${stamp}`, email: `beto.${stamp}@example.com`, password: 'Beto#Pass2026' };
  const user = await request.post('/api/admin_users/users/', { headers, data: { ...learner, client_ids: [demo] } });
  expect(user.status(), await user.text()).toBe(201);
  const members = await request.post(`/api/admin_users/user_groups/${group.id}/members/`, { headers, data: { user_ids: [(await user.json()).id] } });
  expect(members.ok(), await members.text()).toBe(true);
  return learner;
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ timezoneId: TIMEZONE })).newPage();
}

/** The learner opens the class from the portal's list (spec 1 §2.2 live_classes → live_classes/{id}). */
async function openFromList(page: Page, title: string) {
  await page.goto('/live_classes');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/**
 * Issue 15 "Tests" (spec 3 §2, §4, §5, §9): an admin creates an open class starting in 10 minutes
 * with one seat; a learner subscribes; a second learner sees "No vacancy"; the first enters the
 * room (an external link, opened in a new tab); the admin adds a reaction evaluation and sets
 * Finished; the learner answers it and downloads the certificate.
 */
test('an open live class: one seat taken, the room entered, finished, evaluated and certified', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Aula ao vivo E2E ${stamp}`;
  const second = await secondLearner(request, stamp);

  // the admin creates the class (spec 3 §3): open, external link, 1 seat, Published, the group's audience
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem', { name: 'Aulas ao vivo' })).toBeVisible();
  await page.goto('/admin/live_classes/create');
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await expect(page.getByRole('radio', { name: 'Aberta' })).toBeChecked();
  await page.getByLabel('Data e hora').fill(wallClock(new Date(Date.now() + 10 * 60_000), TIMEZONE));
  await expect(page.getByRole('combobox', { name: 'Plataforma' })).toHaveText('Link externo');
  await page.getByRole('textbox', { name: 'Link da reunião' }).fill(MEETING_URL);
  await page.getByRole('spinbutton', { name: 'Máximo de participantes' }).fill('1');
  await chooseOption(page, page.getByRole('combobox', { name: 'Grupos de usuários' }), GROUP);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radio', { name: 'Publicada', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Aula ao vivo criada.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/live_classes\/\d+/);
  const classUrl = page.url().replace(/\/basic_data$/, '');

  // a reaction evaluation from a model (spec 3 §4: answered once the class is Finished)
  await page.getByRole('tab', { name: 'Avaliações de reação' }).click();
  await page.getByRole('button', { name: 'Nova avaliação' }).click();
  await page.getByRole('button', { name: 'Adicionar de modelo' }).click();
  const model = page.getByRole('dialog', { name: 'Modelo de avaliação' });
  await chooseOption(page, model.getByRole('combobox', { name: 'Modelo' }), 'Avaliação rápida');
  await expect(model.getByRole('table', { name: 'Perguntas do modelo' }).getByRole('row')).toHaveCount(3);
  await model.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Avaliação criada a partir do modelo')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Perguntas' }).getByRole('row')).toHaveCount(3);
  await page.getByLabel('Não publicada').check();
  await expect(page.getByLabel('Publicada', { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Avaliação de reação salva com sucesso')).toBeVisible();

  // the learner subscribes to the only seat (spec 3 §2)
  const learner = await newPage(browser);
  await portalLogin(learner, LEARNER.email, LEARNER.password);
  await openFromList(learner, title);
  await learner.getByRole('button', { name: 'Quero me inscrever' }).click();
  await expect(learner.getByText('Você está inscrito nesta aula.')).toBeVisible();
  await expect(learner.getByRole('button', { name: 'Cancelar minha inscrição' })).toBeVisible();

  // the second learner of the audience finds no seat left
  const other = await newPage(browser);
  await portalLogin(other, second.email, second.password);
  await other.goto('/live_classes');
  const card = other.getByRole('article', { name: title });
  await expect(card.getByText('Sem vagas')).toBeVisible();
  await openFromList(other, title);
  await expect(other.getByRole('paragraph').filter({ hasText: /^Sem vagas$/ })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Quero me inscrever' })).toHaveCount(0);
  await other.context().close();

  // the room opened 15 minutes before the start (spec 3 §9): the external meeting opens in a new tab
  await learner.context().route(`${MEETING_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Sala</title><p>Sala de reunião</p>' }));
  const meeting = learner.context().waitForEvent('page');
  await learner.getByRole('button', { name: 'Entrar na aula' }).click();
  const tab = await meeting;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(MEETING_URL);
  await tab.close();
  await expect(learner.getByText('Os testes, a avaliação de reação e o certificado abrem quando a aula for finalizada.')).toBeVisible();

  // the list counts the seat taken; its report goes out by e-mail (spec 3 §9; a superuser has no cooldown)
  await page.goto('/admin/live_classes');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('1/1');
  const requested = Date.now();
  await page.getByRole('button', { name: 'Exportar relatório' }).click();
  await expect(page.getByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar relatório' })).toBeEnabled();

  // the admin sets Finished (spec 3 §4)
  await page.goto(classUrl);
  await page.getByRole('button', { name: 'Finalizar aula' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('A aula ao vivo foi finalizada.')).toBeVisible();

  // the learner answers the reaction evaluation, then downloads the certificate
  await learner.reload();
  const evaluation = learner.getByRole('region', { name: 'Avaliação de reação' });
  await evaluation.getByRole('radio', { name: '5 estrelas' }).check();
  await evaluation.getByRole('textbox', { name: 'O que podemos melhorar?' }).fill('Mais exemplos práticos.');
  await evaluation.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(learner.getByText('Obrigado pela sua avaliação!')).toBeVisible();
  const certificate = learner.getByRole('region', { name: 'Certificado' });
  await expect(certificate.getByRole('button', { name: 'Baixar certificado' })).toBeVisible();
  const pdf = learner.waitForResponse((res) => /\/api\/certificates\/\d+\/pdf\/$/.test(new URL(res.url()).pathname));
  const download = learner.waitForEvent('download');
  await certificate.getByRole('button', { name: 'Baixar certificado' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await learner.context().close();

  // the report asked for above arrived by e-mail, with its link (spec 1 §8.4)
  await expect.poll(() => latestMail(ADMIN.email, requested).catch(() => ''), { timeout: 30_000 })
    .toMatch(/Aulas ao vivo[\s\S]*pronto[\s\S]*https?:\/\//);
});
