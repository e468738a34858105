import { expect, test } from './test.ts';
import { apiToken, portalLogin } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };
/** the survey made here, removed afterwards: the specs after this one see the demo's surveys only */
let made: { id: number; headers: Record<string, string> } | null = null;

test.afterEach(async ({ request }) => {
  if (made) await request.delete(`/api/admin_surveys/surveys/${made.id}/`, { headers: made.headers });
  made = null;
});

/**
 * spec 1 §4.3 on the learner side, spec 3 §2 survey notices: the admin publishes a survey for
 * everyone; the demo learner sees the header bell's count, opens her notifications and follows
 * the survey's notice to the survey page, which marks it read.
 */
test('a published survey reaches the learner through the header bell', async ({ page, request }) => {
  const title = `Pesquisa de avisos ${Date.now()}`;
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  // everyone: every area and every profile of the client (spec 2 §5.1; nothing chosen reaches nobody)
  const ids = async (lookup: string) => ((await (await request.get(`/api/lookups/${lookup}/`, { headers })).json()) as Array<{ id: number }>).map((r) => r.id);
  const audience = { areas: await ids('areas'), profiles: await ids('profiles') };
  // a draft with its question, then published: the learner notices job tells its audience
  const created = await request.post('/api/admin_surveys/surveys/', {
    headers, data: { title, survey_type: 'optional', start_date: '2026-01-01', end_date: null, status: 2, ...audience },
  });
  expect(created.status(), await created.text()).toBe(201);
  const survey = (await created.json()) as { id: number };
  made = { id: survey.id, headers };
  const question = await request.post(`/api/admin_surveys/surveys/${survey.id}/questions/`, {
    headers, data: { title: 'O que achou dos avisos?', question_type: 'dissertative', options: [] },
  });
  expect(question.status(), await question.text()).toBe(201);
  const published = await request.put(`/api/admin_surveys/surveys/${survey.id}/`, { headers, data: { status: 1 } });
  expect(published.ok(), await published.text()).toBe(true);

  const learner = { authorization: `Bearer ${await apiToken(request, LEARNER.email, LEARNER.password)}` };
  type Page = { unread: number; results: Array<{ kind: string; payload: { id?: number } }> };
  const notices = async () => (await (await request.get('/api/notifications/?page_size=50', { headers: learner })).json()) as Page;
  await expect.poll(async () => (await notices()).results.some((n) => n.kind === 'survey_published' && n.payload.id === survey.id)).toBe(true);
  const { unread } = await notices();

  await portalLogin(page, LEARNER.email, LEARNER.password);
  const bell = page.getByRole('banner').getByRole('link', { name: `Notificações, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}` });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();

  const notice = page.getByRole('link', { name: `Nova pesquisa disponível: "${title}"` });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/surveys/${survey.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // read now: one fewer in the bell
  const left = unread - 1;
  await expect(page.getByRole('banner').getByRole('link', { name: left > 0 ? `Notificações, ${left} ${left === 1 ? 'não lida' : 'não lidas'}` : 'Notificações' })).toBeVisible();
});
