import { expect, test, type APIRequestContext } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';
import { A, ADMIN, F, adminApi, chooseOption, makeUser, type AdminApi } from './presential-support.ts';

const EVENTS = '/api/presential/presential_events/';
type Listed<T> = T[] | { results: T[] };
const rows = <T,>(answer: Listed<T>): T[] => (Array.isArray(answer) ? answer : answer.results);

/** A published test of one question (2 + 2?) on the event, through the owned-content core's admin calls (as the event's Tests screen saves it). */
async function eventTest(request: APIRequestContext, api: AdminApi, eventId: number) {
  const created = await request.post(`${EVENTS}${eventId}/presential_event_tests/`, {
    headers: api.headers, multipart: { title: 'Prova da turma', presential_event_test_type: '1' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const testId = (await created.json()).id as number;
  await api.json('POST', `${EVENTS}${eventId}/presential_event_tests/${testId}/presential_event_test_questions/`, {
    title: '<p>Quanto é 2 + 2?</p>', presential_event_test_question_answers: [{ title: '<p>4</p>', is_correct: true }, { title: '<p>5</p>', is_correct: false }],
  });
  const published = await request.put(`${EVENTS}${eventId}/presential_event_tests/${testId}/`, { headers: api.headers, multipart: { status: '1', minimum_score: '1' } });
  expect(published.ok(), await published.text()).toBe(true);
}

/**
 * An approved open training (no catalog course) with one presential-test event taught by a new
 * instructor, and one learner enrolled in it: what the admin and the instructor prepare before
 * the day of the class.
 */
async function trainingOfTheDay(request: APIRequestContext, api: AdminApi, stamp: number) {
  // the demo instructor's presential_test_instructor, and finish_events to end the training in the admin
  const instructor = await makeUser(api, `Iara Instrutora ${stamp}`, { items: ['presential_test_instructor', 'finish_events'] });
  const learner = await makeUser(api, `Paulo Presente ${stamp}`);
  const type = rows(await api.json<Listed<{ id: number; label: string }>>('GET', `${F}appointment_types/?page_size=0`)).find((t) => t.label === 'Sala de treinamento')!;
  const title = `Vitrine e exposição E2E ${stamp}`;
  const { id } = await api.json<{ id: number }>('POST', `${F}appointments/`, {
    title, appointment_type_id: type.id, instructors: [instructor.id], training_type: 'open', workload: 4, minimum_score: 70,
  });
  const event = await api.json<{ id: number }>('POST', `${A(id)}events/`, {
    event_type: 'presential_test', date: new Date().toISOString().slice(0, 10), start_hour: '09:00', end_hour: '13:00', intermission_minutes: 0,
    location: 'Av. Paulista, 1000', location_name: 'Sala Demo', instructors: [instructor.id],
  });
  await eventTest(request, api, event.id);
  for (const action of ['request', 'approve']) await api.json('POST', `${A(id)}${action}/`, {});
  await api.json('POST', `${A(id)}subscribers/bulk_add/`, { event_id: event.id, user_ids: [learner.id] });
  return { id, title, instructor, learner };
}

/**
 * Issue 17 "Tests" (items 1, 2, 4): the instructor finishes the training in the admin and opens
 * the QR test window in the portal; a learner on a phone opens the QR link, answers the test and
 * sees the result; the admin saves and finalizes the results and prints the attendance list (a
 * real PDF).
 */
test('a presential test through the QR link, results finalized and the attendance list printed', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const api = await adminApi(request);
  const { id, title, instructor, learner } = await trainingOfTheDay(request, api, stamp);

  // the instructor ends the training (the admin workflow's irreversible "finish")
  const teacher = await (await browser.newContext()).newPage();
  await adminLogin(teacher, instructor.email, instructor.password);
  await expect(teacher.getByRole('menuitem').first()).toBeVisible();
  await teacher.goto(`/admin/presential/appointments/${id}`);
  await teacher.getByRole('button', { name: 'Finalizar', exact: true }).click();
  const confirm = teacher.getByRole('dialog', { name: 'Finalizar' });
  await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(teacher.getByText('Agendamento atualizado')).toBeVisible();
  await expect(teacher.getByText('Finalizado', { exact: true })).toBeVisible();
  await teacher.context().close();

  // … then, in the room, opens the test window from the portal: the QR code and its link
  const room = await (await browser.newContext()).newPage();
  await portalLogin(room, instructor.email, instructor.password);
  await room.goto(`/presential/${id}`);
  await expect(room.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(room.getByText('A prova ainda não foi aberta.')).toBeVisible();
  await room.getByRole('button', { name: 'Abrir a prova e mostrar o QR code' }).click();
  await expect(room.getByRole('img', { name: 'QR code da prova' })).toBeVisible();
  const link = room.getByRole('link', { name: /\/presential\/qr\// });
  const qrUrl = new URL((await link.getAttribute('href'))!);
  expect(qrUrl.pathname).toMatch(/^\/presential\/qr\/[\w-]+$/);
  // the code leads to the address the room's page was opened on, as a phone on the same network reaches it
  expect(qrUrl.origin).toBe(new URL(room.url()).origin);

  // the learner's phone opens the link, takes the test and sees the result
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await portalLogin(phone, learner.email, learner.password);
  await phone.goto(qrUrl.href);
  await phone.getByRole('button', { name: /Iniciar teste|Continuar tentativa/ }).click();
  await phone.getByRole('radiogroup').getByRole('radio', { name: '4', exact: true }).check();
  await expect(phone.getByText('Resposta salva')).toBeVisible();
  await phone.getByRole('button', { name: 'Finalizar teste' }).click();
  await expect(phone.getByRole('heading', { name: 'Resultado' })).toBeVisible();
  await expect(phone.getByText('Parabéns, você foi aprovado!')).toBeVisible();
  await room.context().close();

  // the admin records attendance and the result (the score comes from the event's test), saves, finalizes
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto(`/admin/presential/appointments/${id}/results`);
  const guest = page.getByRole('row').filter({ hasText: learner.full_name });
  await expect(guest.getByRole('spinbutton', { name: 'Nota' })).toHaveValue('100');
  await expect(guest.getByText('Da prova do evento')).toBeVisible();
  await chooseOption(page, guest.getByRole('combobox', { name: 'Presença' }), 'Presente');
  await chooseOption(page, guest.getByRole('combobox', { name: 'Resultado' }), 'Aprovado');
  await guest.getByRole('checkbox', { name: `Assinatura ${learner.full_name}` }).check();
  await page.getByRole('button', { name: 'Salvar resultados' }).click();
  await expect(page.getByText('Resultados salvos')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar resultados' }).click();
  await page.getByRole('dialog', { name: 'Finalizar resultados' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Resultados finalizados', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Resultados finalizados em .+ por Ana Admin$/)).toBeVisible();
  await expect(guest.getByText('Certificado emitido')).toBeVisible();

  // the attendance list: a PDF drawn by the server, fetched by the page and shown in a new tab (the
  // bytes are kept on their way to the page: Chromium does not hand a blob-read answer's body back)
  let printed: Buffer = Buffer.alloc(0);
  await page.route(`**${A(id)}print_users/`, async (route) => {
    const answer = await route.fetch();
    printed = await answer.body();
    await route.fulfill({ response: answer, body: printed });
  });
  const pdf = page.waitForResponse((res) => new URL(res.url()).pathname === `${A(id)}print_users/`);
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir lista de presença' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect(printed.length).toBeGreaterThan(500);
  expect(printed.subarray(0, 5).toString()).toBe('%PDF-');
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/^blob:/);
  await expect.poll(() => opened.evaluate(() => document.contentType)).toBe('application/pdf');
  await expect(page.getByText(/Janela bloqueada/)).toHaveCount(0);

  // the learner's training now shows the released result
  await phone.goto(`/presential/${id}`);
  const result = phone.getByRole('region', { name: 'Resultado' });
  await expect(result).toContainText('Aprovado');
  await expect(result).toContainText('Nota: 100');
  await phone.context().close();
});
