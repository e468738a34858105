import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './test.ts';
import { ALL_PERMISSION_SLUGS } from '../../shared/src/permissions.ts';
import { apiToken } from './support.ts';

/**
 * The control panel and the learner portal in English, Spanish and French (#25 item 4): every admin
 * menu screen (its list, and its create form in English) and every portal page of the main menu
 * show no raw translation key and no Portuguese text of ours.
 *
 * The English walk of the panel also runs axe-core on each list and create form: no serious or
 * critical WCAG 2.1 A/AA violation (#25 item 8). One walk serves both checks: visiting every
 * screen is most of either's time, and the markup axe reads is the same in every language.
 *
 * "Portuguese text" is any pt-br message of ours or of react-admin's that the language being checked
 * says differently, and that the language does not also use elsewhere (so "Status" or "Total",
 * written the same in both, are never flagged). Words of the demo data are content, not interface.
 */
const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Each language walks the portal as a demo person no gate stops (a mandatory survey would cover every
 * page); their saved language changes, and is put back.
 */
const LANGUAGES = [
  { code: 'en', name: 'English', ra: () => require('ra-language-english') as { default?: unknown }, learner: ['learner@demo.local', 'Learner#2026!'] },
  { code: 'es', name: 'Español', ra: () => readJson(path.join(root, 'locales/ra/es.json')), learner: ['learner@demo.local', 'Learner#2026!'] },
  { code: 'fr', name: 'Français', ra: () => require('ra-language-french') as { default?: unknown }, learner: ['rep1@demo.local', 'Rep#2026!'] },
] as const;

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

/** react-admin's messages keep every plural form in one string, split by `||||`. */
const forms = (message: string) => message.split('||||').map((form) => form.trim());

function portugueseOnly(target: (typeof LANGUAGES)[number]): Set<string> {
  const raModule = target.ra() as { default?: unknown };
  const theirs = new Map([
    ...flatten(readJson(path.join(root, `locales/${target.code}.json`))),
    ...flatten('default' in raModule && raModule.default ? raModule.default : raModule),
  ]);
  const ours = new Map([
    ...flatten(readJson(path.join(root, 'locales/pt-br.json'))),
    ...flatten(readJson(path.join(root, 'locales/ra/pt-br.json'))),
  ]);
  const theirWords = new Set([...theirs.values()].flatMap(forms));
  const found = new Set<string>();
  for (const [key, message] of ours) {
    const their = theirs.get(key);
    if (their === undefined || their === message || /[{}]/.test(message)) continue;
    for (const form of forms(message)) {
      if (form.length >= 4 && !theirWords.has(form)) found.add(form);
    }
  }
  return found;
}

/** A dotted key of one of our top-level parts, as shown when a translation is missing. */
const RAW_KEY = /\b(?:admin|resources|errors|common|ra|imports|reports|notifications|trainings|webcasts|live_classes|certificates|comments|portal)\.[a-z0-9_]+\.[a-z0-9_.]+/;

/**
 * Two react-admin internals are left out of axe, each a node of the library's own markup that our
 * code cannot reach: the rich-text editor's wrapper carries `aria-labelledby` without a role, and a
 * list row's selection checkbox has its name on the wrapping span instead of the input.
 */
const LIBRARY_NODES = ['.RaRichTextInput-editorContent', '.RaDatagrid-checkbox', '.RaDatagrid-headerCell .select-all', 'td .select-item'];

/**
 * `region` is the screen's own content: the app bar and the ~60-entry menu are the same on every
 * screen, so they are scanned once (the walk's first screen, whole page) and each screen after
 * that is its `main` — axe's time grows with the nodes it looks at, and the menu was most of them.
 */
async function seriousViolations(page: Page, where: string, region?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (region) builder = builder.include(region);
  for (const selector of LIBRARY_NODES) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** What a person reads or hears on the page: the text, and the names and hints of the controls. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // what an editor holds is content (the demo's terms of use are Portuguese), not interface
    const editors = Array.from(document.querySelectorAll<HTMLElement>('[contenteditable="true"]'));
    for (const editor of editors) editor.style.visibility = 'hidden';
    const texts = document.body.innerText.split('\n');
    for (const editor of editors) editor.style.visibility = '';
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** The panel's spinners, or the portal's "loading" lines (its progress bars are course progress, not loading). */
const ADMIN_LOADING = '.RaLoading-icon, [role="progressbar"]';
const PORTAL_LOADING = 'p.loading';

async function settled(page: Page, loading = ADMIN_LOADING) {
  await page.locator('main').first().waitFor();
  // three quiet looks in a row, or 15 s: a screen that keeps loading is then read as it stands
  for (let quiet = 0, looks = 0; quiet < 3 && looks < 100; looks += 1) {
    quiet = (await page.locator(loading).count()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(150);
  }
}

/** Words of the demo data that are also interface words of ours: content where they stand. */
const DEMO_CONTENT: Record<string, string[]> = {
  // a category of the public FAQ (server/src/seed)
  'portal login': ['Certificados'],
};

function problems(where: string, texts: string[], portuguese: Set<string>): string[] {
  const found = new Set<string>();
  const content = new Set(Object.entries(DEMO_CONTENT).filter(([place]) => where.endsWith(place)).flatMap(([, words]) => words));
  for (const text of texts) {
    if (content.has(text)) continue;
    const raw = RAW_KEY.exec(text);
    if (raw) found.add(`${where}: raw key ${raw[0]}`);
    if (portuguese.has(text)) found.add(`${where}: Portuguese "${text}"`);
  }
  return [...found];
}

/** Picks the language on the admin login page: the choice is the browser's session's, and the portal reads it too. */
async function pickLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.goto('/admin/');
  // a click while the login page is still settling may open no menu (seen once on a loaded machine): open it until it shows
  const choice = page.getByRole('menuitem', { name: language.name });
  await expect(async () => {
    if (!(await choice.isVisible())) await page.getByRole('button', { name: 'Português' }).click({ timeout: 5000 });
    await expect(choice).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
  // the language's texts load, the choice is stored, then the page renders again in it (emptying a
  // form filled before): the sign-in button leaving Portuguese says all three happened
  await expect(page.locator('button[type="submit"]')).not.toHaveText(/^\s*Entrar\s*$/);
}

/** Who walks the panel in a language: its saved language changes while it walks (layout/SavedLanguage.tsx). */
interface PanelPerson { login: string; password: string; restore: boolean }

async function adminIn(page: Page, language: (typeof LANGUAGES)[number], person: PanelPerson) {
  await page.goto('/admin/');
  await page.locator('input[name="username"], input[type="email"]').first().fill(person.login);
  await page.locator('input[type="password"]').fill(person.password);
  await page.locator('button[type="submit"]').click();
  await page.getByRole('navigation').first().waitFor();
  // after login the person's saved language applies (spec 1 §4.4): choose the one under test in the
  // app bar, as a person would; it is saved on them
  await chooseInAppBar(page, 'Português', language.name);
}

async function chooseInAppBar(page: Page, from: string, to: string) {
  await page.getByRole('banner').getByRole('button', { name: from }).click();
  await page.getByRole('menuitem', { name: to }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: to })).toBeVisible();
}

/** What the panel walk covers: every `of`-th screen from `index`; create forms and axe only in English. */
interface AdminWalk { forms: boolean; axe: boolean; part: { index: number; of: number } }

async function walkAdmin(page: Page, language: (typeof LANGUAGES)[number], person: PanelPerson, walk: AdminWalk): Promise<string[]> {
  const portuguese = portugueseOnly(language);
  await adminIn(page, language, person);
  try {
    return await walkAdminScreens(page, language, portuguese, walk);
  } finally {
    if (person.restore) await chooseInAppBar(page, language.name, 'Português');
  }
}

async function walkAdminScreens(page: Page, language: (typeof LANGUAGES)[number], portuguese: Set<string>, walk: AdminWalk): Promise<string[]> {
  const menu = page.locator('nav').filter({ has: page.getByRole('menuitem') }).first();
  await menu.getByRole('menuitem').first().waitFor();
  const screens = await menu.getByRole('menuitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('href') ?? '').filter(Boolean));
  expect(screens.length).toBeGreaterThan(30);
  const found: string[] = [];
  const check = async (where: string, region?: string) => {
    found.push(...problems(where, await shownTexts(page), portuguese));
    if (walk.axe) found.push(...await seriousViolations(page, where, region));
  };
  for (const [index, href] of screens.entries()) {
    if (index % walk.part.of !== walk.part.index) continue;
    // in-app navigation (the menu's own links): no reload of the whole panel for each screen
    await menu.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await settled(page);
    await check(`${language.code} ${href}`, index === 0 ? undefined : 'main');
    if (!walk.forms) continue;
    const create = page.getByRole('main').locator('a[href$="/create"]');
    if (await create.count() === 0) continue;
    await create.first().click();
    await expect(page).toHaveURL(/\/create$/);
    await settled(page);
    await check(`${language.code} ${href}/create`, 'main');
  }
  return found;
}

async function walkPortal(page: Page, language: (typeof LANGUAGES)[number]): Promise<string[]> {
  const portuguese = portugueseOnly(language);
  await pickLanguage(page, language);
  await page.goto('/');
  await page.locator('input[type="password"]').waitFor();
  const found = problems(`${language.code} portal login`, await shownTexts(page), portuguese);
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await form.locator('input:not([type="password"]):not([type="checkbox"])').first().fill(language.learner[0]);
  await form.locator('input[type="password"]').fill(language.learner[1]);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/');
  // a welcome banner (the demo learner's group has one) covers the page until confirmed; it comes
  // in the person's saved language, as everything does until the language below is chosen
  const banner = page.getByRole('dialog');
  await banner.waitFor({ timeout: 5_000 }).then(async () => {
    await banner.getByRole('button').first().click();
    await banner.waitFor({ state: 'detached' });
  }, () => undefined);
  // after login the person's saved language applies (spec 1 §4.4): choose the one under test,
  // as a person would, in the header; it is saved on them, so it is put back at the end
  const choice = page.locator('header select');
  await choice.selectOption(language.code);
  await expect(page.locator('html')).toHaveAttribute('lang', language.code);
  await expect(choice).toBeEnabled();
  try {
    const pages = await page.locator('header nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '').filter(Boolean));
    expect(pages.length).toBeGreaterThan(10);
    for (const href of pages) {
        await page.goto(href);
      await page.locator('main h1').first().waitFor();
      await settled(page, PORTAL_LOADING);
      found.push(...problems(`${language.code} portal ${href}`, await shownTexts(page), portuguese));
    }
  } finally {
    await choice.selectOption('pt-br');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-br');
    await expect(choice).toBeEnabled();
  }
  return found;
}

/**
 * Who walks the panel in `code`: en walks as the superuser (its screens too) and puts the saved
 * language back; es and fr as administrators of their own with every module item of the demo
 * client (a language chosen in the panel is saved on the person).
 */
async function panelPerson(request: APIRequestContext, code: string): Promise<PanelPerson> {
  if (code === 'en') return { login: 'admin@demo.local', password: 'Admin#2026!', restore: true };
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@demo.local', 'Admin#2026!')}` };
  const session = await (await request.get('/api/users/session/', { headers })).json() as { user_clients: { id: number; name: string }[] };
  const demo = session.user_clients.find((c) => c.name === 'Demo Retail')!.id;
  const login = `panel-${code}-${Date.now()}@demo.local`;
  const created = await request.post('/api/admin_users/users/', {
    headers, data: { full_name: `Panel ${code}`, email: login, client_ids: [demo], password: 'Panel#2026!' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json() as { id: number };
  const path = `/api/admin_users/users/${id}/permissions/`;
  const granted = await request.put(path, { headers, data: { client_id: demo, module_items: ALL_PERMISSION_SLUGS.map((slug) => ({ slug, permission: true })) } });
  expect(granted.status(), await granted.text()).toBe(200);
  return { login, password: 'Panel#2026!', restore: false };
}

/**
 * The English panel walk (create forms and axe: the longest) in parts, the others whole; the portal
 * is walked beside a language's first part. The file runs in parallel mode, so the tests share the
 * workers; each worker has its own server, so two walks never change one person's language at once.
 */
const EN_PARTS = 4;
const WALKS = LANGUAGES.flatMap((language) => {
  const of = language.code === 'en' ? EN_PARTS : 1;
  return Array.from({ length: of }, (_, index) => ({ language, part: { index, of } }));
});
test.describe.configure({ mode: 'parallel' });

for (const { language, part } of WALKS) {
  const english = language.code === 'en';
  const title = english
    ? `the panel in en, part ${part.index + 1} of ${part.of}${part.index === 0 ? ', and the portal' : ''}: no raw key, no Portuguese, no serious accessibility violation`
    : `the panel and the portal in ${language.code}: no raw key, no Portuguese`;
  test(title, async ({ browser, baseURL, request }) => {
    test.setTimeout(600_000);
    const person = await panelPerson(request, language.code);
    // the panel and the portal side by side, one browser context each: the walk is mostly waiting
    const inContext = async (walk: (page: Page) => Promise<string[]>) => {
      const context = await browser.newContext({ baseURL });
      // a context of its own takes none of the config's defaults: a step that cannot happen fails, not waits
      context.setDefaultTimeout(30_000);
      try {
        return await walk(await context.newPage());
      } finally {
        await context.close();
      }
    };
    try {
      const found = await Promise.all([
        inContext((page) => walkAdmin(page, language, person, { forms: english, axe: english, part })),
        ...(part.index === 0 ? [inContext((page) => walkPortal(page, language))] : []),
      ]);
      expect(found.flat()).toEqual([]);
    } finally {
      // a walk cut short leaves its person's saved language changed: the demo people the other
      // specs sign in as are put back in Portuguese whatever happened
      const people = english ? [['admin@demo.local', 'Admin#2026!'], language.learner] : [language.learner];
      for (const [login, password] of people) {
        const token = await apiToken(request, login, password);
        await request.patch('/api/users/profile/', { headers: { authorization: `Bearer ${token}` }, data: { id_user_language_selected: 1 } });
      }
    }
  });
}
