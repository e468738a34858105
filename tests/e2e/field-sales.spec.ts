import path from 'node:path';
import { expect, test, type Page } from './test.ts';
import { ADMIN, adminApi, chooseOption, makeUser } from './presential-support.ts';
import { adminLogin, portalLogin } from './support.ts';

/**
 * Issue 19, spec 3 §1–§2 "Field-sales tasks": an admin creates a weekly task for a representative
 * with an address chosen from the search (GEOCODER_URL: the Nominatim stand-in e2e-server.mjs
 * starts), reschedules an occurrence by dragging it in the calendar (refused on a taken day, then
 * moved); the representative, on a phone with the position granted, checks in, answers the
 * questionnaire (a photo from the camera input included) and checks out; the admin sees the answers.
 */
const ZONE = 'America/Sao_Paulo';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4X8EgF3UChP9XMAAAJroFb4q1fZQAAAAASUVORK5CYII=', 'base64');
const ADDRESS = {
  postal_code: '01310-100', address: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista',
  city: 'São Paulo', state: 'São Paulo', latitude: -23.5647577, longitude: -46.6518495, place_ref: 'osm:N:2345678901',
};

test.use({ timezoneId: ZONE, actionTimeout: 20_000 });

const dayIn = (zone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The other days of the Monday-to-Sunday week holding `day`. */
function weekNeighbours(day: string): string[] {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monday = plusDays(day, weekday === 0 ? -6 : 1 - weekday);
  return Array.from({ length: 7 }, (_, i) => plusDays(monday, i)).filter((d) => d !== day);
}
/**
 * The task is planned "today" in São Paulo and looked for there minutes later (the portal's "my
 * tasks today", the admin calendar's week, month and day): a run that crossed midnight there would
 * look on the next day. So the browsers' clocks, which tell those pages what today is, start at
 * least MARGIN_MINUTES before that midnight (at most that much behind the real clock, and running):
 * the run cannot reach it. The server keeps the real time; nothing on it depends on the day.
 */
const MARGIN_MINUTES = 30;
function browserStart(zone: string, now = new Date()): Date {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(now).split(':').map(Number) as [number, number];
  const left = 24 * 60 - (hour * 60 + minute);
  return left > MARGIN_MINUTES ? now : new Date(now.getTime() - (MARGIN_MINUTES - left + 1) * 60_000);
}
/** Screenshots for the reviewers when SHOTS_DIR names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

test('an admin plans a weekly visit from the address search; the representative checks in on a phone, answers with a photo and checks out; the admin reads it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const api = await adminApi(request);
  const rep = await makeUser(api, `Fabio Campo ${stamp}`, { items: ['4traders_apply_events'] });
  const title = `Visita E2E ${stamp}`;
  const start = browserStart(ZONE);
  const behind = Date.now() - start.getTime();
  const today = dayIn(ZONE, start);
  await page.context().clock.install({ time: start });

  // the admin creates the weekly task: the address only from the search list
  await page.setViewportSize({ width: 1366, height: 850 });
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto('/admin/4traders/tasks/create');
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Data', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'Início', exact: true }).fill('00:05');
  await page.getByRole('textbox', { name: 'Fim', exact: true }).fill('23:55');
  const person = page.getByRole('combobox', { name: 'Representante / operador' });
  await person.fill(rep.full_name);
  await page.getByRole('option', { name: rep.full_name }).click();
  await page.getByLabel('Busque um endereço ou uma loja').fill('Avenida Paulista 1000');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('list', { name: 'Endereços encontrados' }).getByText(/^1000, Avenida Paulista/).click();
  await expect(page.getByRole('textbox', { name: 'Endereço', exact: true })).toHaveValue('Avenida Paulista');
  const questionnaire = page.getByRole('combobox', { name: 'Questionário' });
  await questionnaire.fill('Visita de loja');
  await page.getByRole('option', { name: 'Visita de loja' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: 'Frequência' }), 'Semanal');
  await page.getByRole('spinbutton', { name: 'Repetições' }).fill('4');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/4traders\/tasks$/);

  // the calendar: the second occurrence (next week) dragged onto a taken day stays; onto a free one it moves
  const second = plusDays(today, 7);
  const [taken, free] = weekNeighbours(second) as [string, string];
  await api.json('POST', '/api/admin_4traders/tasks/', {
    ...ADDRESS, title: `Outra visita ${stamp}`, task_date: taken, start_time: '10:00', end_time: '11:00', timezone: ZONE, representative_id: rep.id, observation: '',
  });
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await page.getByRole('button', { name: 'Próximo', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: rep.full_name }) });
  const chip = row.getByRole('link', { name: `00:05 ${title}` });
  await expect(row.locator(`[data-day="${second}"]`)).toContainText(title);
  await expect(row.locator(`[data-day="${taken}"]`)).toContainText(`Outra visita ${stamp}`);
  await chip.dragTo(row.locator(`[data-day="${taken}"]`));
  await expect(page.getByText('O representante já possui eventos no dia selecionado')).toBeVisible();
  await expect(row.locator(`[data-day="${second}"]`)).toContainText(title);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await shot(page, 'admin-week-refused');
  await chip.dragTo(row.locator(`[data-day="${free}"]`));
  await expect(page.getByText(/^Tarefa reagendada para/)).toBeVisible();
  await expect(row.locator(`[data-day="${free}"]`)).toContainText(title);
  await expect(row.locator(`[data-day="${second}"]`)).not.toContainText(title);
  await page.getByRole('button', { name: 'Mês', exact: true }).click();
  await page.getByRole('button', { name: 'Hoje', exact: true }).click();
  await expect(page.getByRole('link', { name: `00:05 ${title}` }).first()).toBeVisible();
  await shot(page, 'admin-month');

  // the representative on a phone, the position granted: check-in, the questionnaire with a photo, check-out
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: ZONE,
    permissions: ['geolocation'], geolocation: { latitude: -23.5650, longitude: -46.6520 },
  });
  await phoneContext.clock.install({ time: new Date(Date.now() - behind) });
  const phone = await phoneContext.newPage();
  await portalLogin(phone, rep.email, rep.password);
  await phone.goto('/field_sales');
  await shot(phone, 'portal-my-visits-phone');
  await phone.getByRole('link', { name: new RegExp(title) }).click();
  const taskId = Number(/\/field_sales\/(\d+)/.exec(phone.url())![1]);
  await phone.getByRole('button', { name: 'Fazer check-in' }).click();
  await expect(phone.getByText('Check-in registrado.')).toBeVisible();
  await expect(phone.getByText(/\d+ m do endereço/)).toBeVisible();
  await phone.getByRole('group', { name: /^O produto está exposto\?/ }).getByRole('radio', { name: 'Sim' }).check();
  await phone.getByRole('group', { name: /^Posição na gôndola/ }).getByRole('radio', { name: 'Meio' }).check();
  await phone.getByRole('spinbutton', { name: 'Quantas frentes do produto?' }).fill('6');
  await expect(phone.getByText('Salvo')).toHaveCount(3);
  await phone.getByRole('button', { name: 'Próxima' }).click();
  const camera = phone.getByLabel('Tirar foto');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: 'gondola.png', mimeType: 'image/png', buffer: PNG });
  await expect(phone.getByRole('img', { name: 'Foto: Foto da gôndola' })).toBeVisible();
  await expect(phone.getByText('Salvo')).toBeVisible();
  await shot(phone, 'portal-photo-answer-phone');
  await phone.getByRole('button', { name: 'Fazer check-out' }).click();
  await expect(phone.getByText('Check-out registrado. Obrigado!')).toBeVisible();
  await expect(phone.getByText('Realizada')).toBeVisible();
  await phoneContext.close();

  // the admin reads the answers, the photo among them, and sees the day's route
  await page.goto(`/admin/4traders/tasks/${taskId}`);
  const results = page.getByRole('table', { name: 'Resultados' });
  await expect(results.getByRole('row').filter({ hasText: 'O produto está exposto?' })).toContainText('Sim');
  await expect(results.getByRole('row').filter({ hasText: 'Posição na gôndola' })).toContainText('Meio');
  await expect(results.getByRole('row').filter({ hasText: 'Quantas frentes do produto?' })).toContainText('6');
  const photo = results.getByRole('img', { name: 'Foto da gôndola' });
  await expect(photo).toHaveAttribute('src', /\/api\/files\/media\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'admin-task-results');
  await page.goto('/admin/4traders/tasks');
  await page.getByRole('button', { name: 'Dia', exact: true }).click();
  const route = page.getByRole('region', { name: rep.full_name });
  await expect(route.getByRole('list', { name: 'Visitas do dia em ordem' })).toContainText(title);
  await expect(route.getByRole('img', { name: new RegExp(`^Rota de ${rep.full_name}`) })).toHaveAttribute('data-stops', '1');
  await shot(page, 'admin-day-route');
  // the calendar on a phone: the grid scrolls inside its card
  await page.setViewportSize({ width: 390, height: 844 });
  // a fresh load: the menu opened on the desktop would stand over the page as a drawer
  await page.goto('/admin/4traders/tasks');
  await page.getByRole('button', { name: 'Mês', exact: true }).click();
  await expect(page.getByRole('link', { name: `00:05 ${title}` }).first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'admin-month-phone');
});
