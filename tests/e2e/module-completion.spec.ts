import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, test } from './test.ts';
import { apiToken, copyOnboardingTraining, portalLogin, zip } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'lp-e2e-screenshots');

/** A real two-page PDF (Helvetica text on each page), with its cross-reference table. */
function twoPagePdf(): Buffer {
  const page = (n: number, contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 300] /Contents ${contents} 0 R /Resources << /Font << /F1 7 0 R >> >> >>`;
  const text = (line: string) => {
    const body = `BT /F1 28 Tf 40 150 Td (${line}) Tj ET`;
    return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`;
  };
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>',
    page(1, 4), text('Manual - pagina 1'),
    page(2, 6), text('Manual - pagina 2'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** An HTML package that says it is completed through the bridge the content origin puts in its pages. */
const HTML_LESSON = `<!doctype html><html><head><meta charset="utf-8"><title>Aula HTML</title></head><body>
<p>Leia com atenção.</p><button id="done" type="button">Terminei a aula</button>
<script>document.getElementById('done').onclick = function () { window.lpPackage.complete(); };</script>
</body></html>`;

/**
 * Issue 24 item 3 (spec 2 §4.7): on a phone, from 127.0.0.1, a learner reads a PDF to its last
 * page and goes through an HTML package that reports its completion; neither is done by being
 * opened. A crafted request for a module never opened is refused.
 */
test('a PDF is done on its last page and an HTML package when it says so, never by opening; a crafted completion is refused', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { trainingId, addModule, publish } = await copyOnboardingTraining(request);
  await addModule('Manual em PDF', 3, twoPagePdf(), 'manual.pdf');
  await addModule('Aula HTML', 5, await zip({ 'index.html': HTML_LESSON }), 'aula-html.zip');
  await publish();

  // a crafted completion of the video, never opened: refused, nothing recorded
  const learner = { authorization: `Bearer ${await apiToken(request, 'learner@demo.local', 'Learner#2026!')}` };
  const training = await (await request.get(`/api/group_trainings/${trainingId}/`, { headers: learner })).json() as { activities: Array<{ id: number; title: string }> };
  const video = training.activities.find((a) => a.title === 'Vídeo de boas-vindas')!;
  const crafted = await request.post(`/api/group_trainings/${trainingId}/modules/${video.id}/progress/`, {
    headers: learner, data: { event: 'played', played: [[0, 6]], duration: 6, position_seconds: 6 },
  });
  expect(crafted.status()).toBe(409);
  expect((await crafted.json()).code).toBe('module_not_opened');

  // an activity's row, by its own title (another row may name it as its prerequisite)
  const row = (title: string) => page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
  await page.setViewportSize({ width: 390, height: 844 });
  await portalLogin(page, 'learner@demo.local', 'Learner#2026!');
  await page.goto(`/courses/${trainingId}`);
  await expect(row('Vídeo de boas-vindas').getByText('Não iniciada')).toBeVisible();

  // ---- the PDF, page by page: opened on the first, done on the last ----
  const pdfRow = row('Manual em PDF');
  await page.getByRole('button', { name: 'Abrir Manual em PDF' }).click();
  await expect(page.getByText('Página 1 de 2')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: 'Manual em PDF, página 1 de 2' })).toBeVisible();
  await expect(pdfRow.getByText('Em andamento')).toBeVisible();
  await expect(pdfRow.getByText('50% concluído')).toBeVisible();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'pdf-phone.png') });
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(pdfRow.getByText('Concluída')).toBeVisible();

  // ---- the HTML package: opened when its page is shown, done when it says so ----
  const htmlRow = row('Aula HTML');
  await page.getByRole('button', { name: 'Abrir Aula HTML' }).click();
  const lesson = page.frameLocator('iframe[title="Aula HTML"]');
  await expect(lesson.getByRole('button', { name: 'Terminei a aula' })).toBeVisible();
  await expect(htmlRow.getByText('Em andamento')).toBeVisible();
  await expect(page.getByText('Este conteúdo é concluído depois de 30 segundos aberto na tela.')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'html-package-phone.png') });
  await lesson.getByRole('button', { name: 'Terminei a aula' }).click();
  await expect(htmlRow.getByText('Concluída')).toBeVisible();

  // the video, still not watched, holds the training ongoing
  await expect(row('Vídeo de boas-vindas').getByText('Não iniciada')).toBeVisible();
});
