import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './test.ts';
import { adminLogin } from './support.ts';

/**
 * Every admin screen the superuser's menu offers, its list and (where it has one) its create form:
 * axe-core finds no serious or critical WCAG 2.1 A/AA violation (#25 item 8).
 *
 * Two react-admin internals are left out, each a node of the library's own markup that our code
 * cannot reach: the rich-text editor's wrapper carries `aria-labelledby` without a role, and a
 * list row's selection checkbox has its name on the wrapping span instead of the input.
 */
const LIBRARY_NODES = ['.RaRichTextInput-editorContent', '.RaDatagrid-checkbox', '.RaDatagrid-headerCell .select-all', 'td .select-item'];

/**
 * `region` is the screen's own content: the app bar and the ~60-entry menu are the same on every
 * screen, so they are scanned once (the first screen, whole page) and each screen after that is
 * its `main` — axe's time grows with the nodes it looks at, and the menu was most of them.
 */
async function seriousViolations(page: Page, region?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (region) builder = builder.include(region);
  for (const selector of LIBRARY_NODES) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function settled(page: Page) {
  await page.locator('main').first().waitFor();
  // no spinner for three looks in a row: a lazy tab or a lookup may start one after the first
  for (let quiet = 0; quiet < 3;) {
    quiet = (await page.locator('.RaLoading-icon, [role="progressbar"]').count()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(150);
  }
}

/**
 * The screens in four parts, each a test of its own: the file runs in parallel mode, so the parts
 * share the workers (one walk of ~45 screens took over 15 minutes on a loaded machine).
 */
const PARTS = 4;
test.describe.configure({ mode: 'parallel' });

for (let part = 0; part < PARTS; part += 1) {
  test(`every admin list and create form, part ${part + 1} of ${PARTS}: no serious accessibility violation`, async ({ page }) => {
    // ~12 screens, two pages each, axe on each: minutes on a loaded machine
    test.setTimeout(600_000);
    await adminLogin(page, 'admin@demo.local', 'Admin#2026!');
    await expect(page.getByRole('searchbox', { name: 'Buscar no menu' })).toBeVisible();
    const screens = await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('menuitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? '').filter(Boolean));
    expect(screens.length).toBeGreaterThan(30);
    const found: string[] = [];
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const [index, href] of screens.entries()) {
      if (index % PARTS !== part) continue;
      // in-app navigation (the menu's own links): no reload of the whole panel for each screen
      await menu.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await settled(page);
      found.push(...(await seriousViolations(page, index === 0 ? undefined : 'main')).map((v) => `${href}: ${v}`));
      const create = page.getByRole('main').getByRole('link', { name: 'Criar', exact: true });
      if (await create.count() > 0) {
        await create.first().click();
        await expect(page).toHaveURL(/\/create$/);
        await settled(page);
        found.push(...(await seriousViolations(page, 'main')).map((v) => `${page.url()}: ${v}`));
      }
    }
    expect(found).toEqual([]);
  });
}
