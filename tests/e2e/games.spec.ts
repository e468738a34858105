import { expect, test, type Page } from './test.ts';
import { adminLogin, portalLogin } from './support.ts';

// a control that never comes fails the step, not the whole 150 s journey
test.use({ actionTimeout: 20_000 });

/** The seeded training of the demo learner's group with a game of each type (server/src/seed/games.ts). */
const TRAINING = 'Jogos da loja';

/** The training's progress as the learner's training page shows it (its progressbar's value). */
async function trainingPercent(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Seu progresso' });
  await expect(bar).toBeVisible();
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** Answers the open fill-in-the-blanks play with a wrong word: the error limit is 0, so the play is lost. */
async function loseOnce(page: Page) {
  const game = page.getByRole('region', { name: 'Complete as lacunas' });
  await game.getByRole('textbox', { name: 'Lacuna 1 de 1' }).fill('boa');
  await game.getByRole('button', { name: 'Verificar' }).click();
  await expect(game.getByRole('status')).toContainText('Não foi desta vez.');
  await expect(game.getByRole('status')).toContainText('Resposta: bom');
  await expect(game.getByRole('heading', { name: 'Você perdeu' })).toBeVisible();
}

/**
 * Issue 21 "Tests" (spec 3 §2, §4, §5, §8): an admin creates a fill-in-the-blanks game in the
 * seeded games training, is refused saving before the preview ("You need to preview the game
 * first"), plays it in the editor's framed preview and saves it; a learner on a phone plays it,
 * loses twice (error limit 0), skips it, and the game counts as done in the training's progress.
 */
test('an admin previews and saves a fill-in game; a learner on a phone loses it twice, skips it and advances', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = `Saudação ao cliente ${Date.now()}`;

  // the admin: the training's Games tab (the demo client has has_games on), a new game
  await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
  await page.getByRole('menuitem', { name: 'Treinamentos', exact: true }).click();
  await page.getByRole('cell', { name: TRAINING, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/trainings\/\d+/);
  await page.getByRole('tab', { name: 'Jogos' }).click();
  await page.getByRole('button', { name: 'Novo jogo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo jogo' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByRole('combobox', { name: 'Tipo de jogo' }).click();
  await page.getByRole('option', { name: 'Complete as lacunas', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Publicado' })).toBeChecked();
  await page.getByRole('spinbutton', { name: 'Limite de erros' }).fill('0');
  await page.getByRole('switch', { name: 'Permitir pular o jogo' }).check();
  // fill in the blanks wants one marked word in each sentence (shared/src/games/content.ts)
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('textbox', { name: 'Frase' }).fill('O cliente chega e você diz ((bom)) dia.');
  await expect(page.getByText('Palavra marcada:')).toBeVisible();

  // saving before the preview is refused (spec 3 §8), nothing is sent
  const sent: string[] = [];
  page.on('request', (req) => { if (req.method() === 'POST' && /\/group_training_games\/?$/.test(new URL(req.url()).pathname)) sent.push(req.url()); });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Você precisa pré-visualizar o jogo primeiro')).toBeVisible();
  await expect(page).toHaveURL(/\/games\/new$/);
  expect(sent).toHaveLength(0);

  // the preview frames the portal's /game-preview and plays the form's content as a learner would
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.getByTitle('Pré-visualização do jogo').contentFrame();
  const previewGame = preview.getByRole('region', { name: 'Complete as lacunas' });
  await expect(previewGame.getByText('Erros: 0 de 0 permitido')).toBeVisible();
  await previewGame.getByRole('textbox', { name: 'Lacuna 1 de 1' }).fill('Bom');
  await previewGame.getByRole('button', { name: 'Verificar' }).click();
  await expect(previewGame.getByRole('heading', { name: 'Você venceu!' })).toBeVisible();
  await expect(page.getByText('Esta versão do jogo foi pré-visualizada e pode ser salva.')).toBeVisible();

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Jogo salvo com sucesso')).toBeVisible();
  expect(sent).toHaveLength(1);
  await expect(page).toHaveURL(/\/admin\/trainings\/\d+\/games$/);
  const saved = page.getByRole('row').filter({ hasText: title });
  await expect(saved).toContainText('Complete as lacunas');
  await expect(saved).toContainText('Publicado');

  // the learner, on a phone, in a browser context of their own
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const learner = await phone.newPage();
  await portalLogin(learner, 'learner@demo.local', 'Learner#2026!');
  await learner.goto('/courses');
  await learner.getByRole('link', { name: new RegExp(TRAINING) }).first().click();
  await expect(learner.getByRole('heading', { name: TRAINING, level: 1 })).toBeVisible();
  const before = await trainingPercent(learner);
  const activity = learner.getByRole('listitem').filter({ hasText: title });
  await expect(activity).toContainText('Não iniciada');
  await activity.getByRole('link', { name: `Jogar ${title}` }).click();

  await expect(learner.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await learner.getByRole('button', { name: 'Jogar', exact: true }).click();
  await loseOnce(learner);
  // one loss is not enough to skip (spec 3 §4: two in a row)
  await expect(learner.getByRole('button', { name: 'Pular este jogo' })).toHaveCount(0);
  await learner.getByRole('button', { name: 'Jogar de novo' }).click();
  await loseOnce(learner);
  await expect(learner.getByText('Você perdeu duas vezes seguidas e pode pular este jogo.')).toBeVisible();
  // at 390 px the game and its actions fit the width: nothing hides sideways
  expect(await learner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const skip = learner.getByRole('button', { name: 'Pular este jogo' });
  await skip.scrollIntoViewIfNeeded();
  await expect(skip).toBeInViewport();
  await skip.click();

  // back on the training: the game is done and the training's progress went up
  await expect(learner.getByRole('heading', { name: TRAINING, level: 1 })).toBeVisible();
  await expect(activity).toContainText('Concluída');
  await expect(activity.getByRole('link', { name: `Jogar ${title} de novo` })).toBeVisible();
  await expect.poll(() => trainingPercent(learner)).toBeGreaterThan(before);
  await phone.close();
});
