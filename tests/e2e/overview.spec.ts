import ExcelJS from 'exceljs';
import { expect, test } from './test.ts';
import { adminLogin, latestMail } from './support.ts';

const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

/**
 * Issue 26 items 1–2 (spec 1 §2.3 overview, §2.4 landing on admin_overview, §3.1, §4.4, §7, §8.4):
 * an administrator lands on the overview, drills from a figure into the filtered users list,
 * asks for the trainings report and downloads it from the e-mail.
 */
test('an administrator reads the overview, drills into a filtered list and gets the trainings report by e-mail', async ({ page, request }) => {
  // someone waits for validation (spec 1 §4.1), made through the API as an administrator would
  const token = await request.post('/api/o/token/', {
    headers: { Authorization: BASIC },
    form: { grant_type: 'password', username: ADMIN.email, password: ADMIN.password },
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const auth = { Authorization: `Bearer ${token.access_token}` };
  const session = await request.get('/api/users/session/', { headers: auth }).then((r) => r.json() as Promise<{ id_user_client_selected: number }>);
  const pendingName = `Paula Pendente ${Date.now()}`;
  const created = await request.post('/api/admin_users/users/', {
    headers: auth,
    data: { full_name: pendingName, email: `pending.${Date.now()}@demo.local`, client_ids: [session.id_user_client_selected], status: 'awaiting_validation' },
  });
  expect(created.status(), await created.text()).toBe(201);

  // spec 1 §2.4: the control panel opens on the overview
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visão geral' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Números do período' });
  await expect(figures.getByText('Alunos ativos')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Atividade por dia' })).toBeVisible();

  // "certificates expiring" opens the users list with that filter set
  await figures.getByRole('link', { name: /^Certificados a vencer em 30 dias: / }).click();
  await expect(page).toHaveURL(/\/admin\/users\?/);
  await expect(page.getByRole('combobox', { name: 'Certificado a vencer' })).toHaveText('Em até 30 dias');

  // pending approvals open the users awaiting validation, our new one among them
  await page.getByRole('menuitem', { name: 'Visão geral' }).click();
  await figures.getByRole('link', { name: /^Usuários aguardando validação: [1-9]/ }).click();
  await expect(page.getByRole('row').filter({ hasText: pendingName })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ana Admin' })).toHaveCount(0);

  // the trainings report (spec 1 §3.1 key courses), e-mailed as a link (§7, §8.4); a superuser has no cooldown
  await page.goto('/admin/trainings');
  const requested = Date.now();
  await page.getByRole('button', { name: 'Exportar relatório' }).click();
  await expect(page.getByText('O relatório está sendo processado e assim que concluído será enviado para o seu e-mail.')).toBeVisible();

  let mail = '';
  await expect.poll(async () => (mail = await latestMail(ADMIN.email, requested).catch(() => '')), { timeout: 30_000 })
    .toMatch(/Cursos[\s\S]*pronto[\s\S]*\/api\/files\/reports\//);
  const link = /https?:\/\/\S+\/api\/files\/reports\/[A-Za-z0-9_-]+\//.exec(mail)![0];
  // the link alone opens the file (the token is the credential), on this page's own origin
  const download = await request.get(new URL(link).pathname);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/courses-report-\d{4}-\d{2}-\d{2}\.xlsx/);
  const bytes = await download.body();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Cursos');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 4)).toEqual(['ID do treinamento', 'Treinamento', 'Status', 'Aluno']);
  expect(sheet.rowCount).toBeGreaterThan(1);
});
