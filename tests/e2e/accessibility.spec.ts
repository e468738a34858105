import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './test.ts';
import { portalLogin } from './support.ts';

/**
 * The learner portal on a phone (390×844), opened on 127.0.0.1 — not the PUBLIC_URL host: every
 * page has its own title, and axe-core finds no serious or critical WCAG 2.1 A/AA violation.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PAGES = [
  '/home', '/courses', '/trails', '/webcasts', '/webcasts/1', '/live_classes', '/library', '/podcasts', '/news',
  '/feed', '/calendar', '/messages', '/profile', '/profile/certificates', '/profile/downloads', '/institutional/faq',
];

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('learner pages: titled, a menu button on phones, no serious accessibility violation', async ({ page }) => {
  // axe over every learner page: a minute on a quiet machine, more on a loaded one
  test.setTimeout(240_000);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await seriousViolations(page), 'login').toEqual([]);
  await portalLogin(page, 'learner@demo.local', 'Learner#2026!');
  await expect(page).toHaveTitle('Início · Demo Retail');

  // the header is one bar: the links open behind the menu button, and close after a navigation
  const menu = page.getByRole('button', { name: 'Menu' });
  const courses = page.locator('.app-header nav').getByRole('link', { name: 'Cursos', exact: true });
  await expect(courses).toBeHidden();
  await menu.click();
  await courses.click();
  await expect(page).toHaveTitle('Cursos · Demo Retail');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect((await page.locator('.app-header').boundingBox())!.height).toBeLessThan(80);

  for (const path of PAGES) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await expect(page.locator('.loading')).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
