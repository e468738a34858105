import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIBRARY_PATHS, LIBRARY_UPLOAD_KIND, PODCAST_UPLOAD_KINDS, type LearnerLibraryFile, type LearnerLibraryPage, type LibraryFile,
  type LibraryFilterOptions,
} from '@lp/shared/contract';
import { grantedKey, splitGranted } from '../src/lib/serveMedia.ts';
import { verifyGrant } from '../src/lib/signedMedia.ts';
import { mediaKey } from '../src/storage/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { mp4, openMedia, pdf, png, tusCreate, tusUpload } from './mediaFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const CATEGORIES = `${API}${LIBRARY_PATHS.categories}`;
const CATEGORY = (id: number) => `${API}${LIBRARY_PATHS.category(id)}`;
const FILES = `${API}${LIBRARY_PATHS.files}`;
const FILE = (id: number) => `${API}${LIBRARY_PATHS.file(id)}`;
const LEARNER = `${API}${LIBRARY_PATHS.learnerFiles}`;

/** Issue 7 item 3: the library (spec 3 §2, §3 "Library file", §4, §5, §8, §9; spec 1 §2.2 filters). */
describe.each(DIALECTS)('library on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let librarian: Tokens;
  let categoriesOnly: Tokens;
  let nobody: Tokens;
  let otherAdmin: Tokens;
  let inGroup: Learner;
  let byPlace: Learner;
  let outsider: Learner;
  let manuals: number;
  let policies: number;

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const get = (url: string, tokens: Tokens) => t.app.inject({ url, headers: bearer(tokens) });
  const upload = (bytes: Buffer, name: string, tokens = librarian) => tusUpload(t.app, tokens, bytes, name, LIBRARY_UPLOAD_KIND);

  async function createFile(extra: Record<string, unknown> & { bytes?: Buffer; name?: string } = {}): Promise<LibraryFile> {
    const { bytes = pdf(), name = 'guia.pdf', ...body } = extra;
    const res = await send('POST', FILES, librarian, {
      title: 'Arquivo', category: manuals, user_groups: [org.groups['Store leaders']!], resource: await upload(bytes, name), ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<LibraryFile>();
  }
  const learnerPage = async (tokens: Tokens, query = '') => {
    const res = await get(`${LEARNER}?page_size=100${query ? `&${query}` : ''}`, tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerLibraryPage>();
  };
  const titles = (page: LearnerLibraryPage) => page.results.map((r) => r.title).sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    librarian = (await adminWith(t.app, su, c.demo, ['library'])).tokens;
    categoriesOnly = (await adminWith(t.app, su, c.demo, ['library_categories'])).tokens;
    nobody = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    inGroup = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
    byPlace = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] });
    outsider = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Cashier!, areas: [org.areas.Operations!] });
    manuals = (await send('POST', CATEGORIES, categoriesOnly, { name: 'Manuais de loja' })).json().id;
    policies = (await send('POST', CATEGORIES, categoriesOnly, { name: 'Políticas' })).json().id;
  });
  afterAll(async () => { await t.close(); });

  it('refuses every library admin route without a token (401) and to a learner (403)', async () => {
    const seen = new Set<string>();
    const routes = t.routes.filter((r) => r.url.startsWith('/api/admin_library/') && r.method !== 'HEAD' && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const call = (tokens?: Tokens) => t.app.inject({
        method: route.method as 'GET', url: route.url.replace(':id', '1'), headers: tokens ? bearer(tokens) : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { title: 'x' } }),
      });
      expect((await call()).statusCode, `${route.method} ${route.url}`).toBe(401);
      const refused = await call(inGroup.tokens);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json().code).toBe('permission_denied');
    }
  });

  describe('categories (/admin/library/categories, title library_categories)', () => {
    it('creates, renames and lists them with their file counts; names are unique whatever their case', async () => {
      const created = await send('POST', CATEGORIES, categoriesOnly, { name: '  Vídeos  ' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Vídeos', qty_files: 0 });
      const taken = await send('POST', CATEGORIES, categoriesOnly, { name: 'vídeos' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'name_not_unique', fields: { name: 'name_not_unique' } });
      expect((await send('POST', CATEGORIES, categoriesOnly, { name: ' ' })).json()).toMatchObject({ code: REQUIRED, fields: { name: REQUIRED } });
      const renamed = await send('PUT', CATEGORY(created.json().id), categoriesOnly, { name: 'Vídeos curtos' });
      expect(renamed.json()).toMatchObject({ id: created.json().id, name: 'Vídeos curtos' });
      const list = await get(`${CATEGORIES}?page_size=0`, categoriesOnly);
      expect(list.json().results.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Manuais', 'Manuais de loja', 'Políticas', 'Vídeos curtos']));
    });

    it('lets the file editor (title library) read them, but only library_categories changes them', async () => {
      expect((await get(CATEGORY(manuals), librarian)).statusCode).toBe(200);
      expect((await send('POST', CATEGORIES, librarian, { name: 'X' })).json().code).toBe('permission_denied');
      expect((await get(CATEGORIES, nobody)).statusCode).toBe(403);
    });

    it('refuses to delete a category files still use (library_category_in_use); deletes an empty one', async () => {
      const used = (await send('POST', CATEGORIES, categoriesOnly, { name: 'Em uso' })).json().id;
      await createFile({ title: 'Preso à categoria', category: used });
      const refused = await send('DELETE', CATEGORY(used), categoriesOnly);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('library_category_in_use');
      const empty = (await send('POST', CATEGORIES, categoriesOnly, { name: 'Vazia' })).json().id;
      expect((await send('DELETE', CATEGORY(empty), categoriesOnly)).statusCode).toBe(200);
      expect((await get(CATEGORY(empty), categoriesOnly)).statusCode).toBe(404);
    });
  });

  describe('files (/admin/libraries, title library)', () => {
    it('stores a file of any extension with title, category, tags, audience, allow download and status', async () => {
      const bytes = Buffer.from('any bytes at all');
      const file = await createFile({
        title: 'Planilha de metas', description: 'Metas do trimestre', bytes, name: 'Metas Q1.XLSX', tags: [org.tags.Product!],
        areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!], user_groups: [], allow_download: false, status: 2,
      });
      expect(file).toMatchObject({
        title: 'Planilha de metas', description: 'Metas do trimestre', category: manuals, category_name: 'Manuais de loja', status: 2,
        allow_download: false, file_name: 'Metas Q1.XLSX', extension: 'xlsx', size: bytes.length, tags: [org.tags.Product],
        areas: [org.areas.Sales], profiles: [org.profiles.Salesperson], user_groups: [], views: 0, downloads: 0,
      });
      expect(file.resource).toMatch(/^library\/[0-9a-f]{32}\/Metas_Q1\.xlsx$/);
      const served = await openMedia(t.app, file.resource_url);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      // docs/security.md: a library file is restricted media, served by its signed URL only
      expect((await t.app.inject({ url: `/media/${file.resource}` })).statusCode).toBe(404);
      // a name without an extension is a file too (spec 3 §5 "general file: any extension")
      expect((await createFile({ bytes: Buffer.from('x'), name: 'LEIAME' })).extension).toBe('');
      // new files are active and downloadable unless told
      expect(await createFile()).toMatchObject({ status: 1, allow_download: true });
    });

    it('answers the spec keys on the fields and keeps the upload for the next try', async () => {
      const empty = await send('POST', FILES, librarian, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        code: REQUIRED, fields: { title: REQUIRED, category: REQUIRED, resource: REQUIRED, areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' },
      });
      const id = await upload(pdf(), 'a.pdf');
      const base = { title: 'A', category: manuals, user_groups: [org.groups['Store leaders']!], resource: id };
      expect((await send('POST', FILES, librarian, { ...base, title: 'x'.repeat(257) })).json().fields).toEqual({ title: 'title_too_long' });
      expect((await send('POST', FILES, librarian, { ...base, description: 'x'.repeat(1025) })).json().fields).toEqual({ description: 'description_too_long' });
      expect((await send('POST', FILES, librarian, { ...base, status: 3 })).json().fields).toEqual({ status: 'validation_error' });
      // another client's category, tag or group is not this client's
      const [otherTag] = await t.app.db.selectFrom('tags').select('id').where('client_id', '=', c.other).execute();
      expect((await send('POST', FILES, librarian, { ...base, tags: [otherTag!.id] })).json().fields).toEqual({ tags: 'validation_error' });
      expect((await send('POST', FILES, librarian, { ...base, category: 999999 })).json().fields).toEqual({ category: 'validation_error' });
      // an upload of another kind is not a library file's
      const podcastUpload = await tusUpload(t.app, su, Buffer.from('ID3'), 'x.mp3', PODCAST_UPLOAD_KINDS.audio);
      expect((await send('POST', FILES, librarian, { ...base, resource: podcastUpload })).json().code).toBe('upload_not_found');
      // the refusals lost nothing: the same upload is still there
      expect((await send('POST', FILES, librarian, base)).statusCode).toBe(201);
      expect((await send('POST', FILES, librarian, base)).json().code).toBe('upload_not_found');
    });

    it('refuses files over 150 MB when the upload is created, and uploads from users without the library title', async () => {
      const huge = await tusCreate(t.app, librarian, 150 * 1024 * 1024 + 1, 'huge.iso', LIBRARY_UPLOAD_KIND);
      expect(huge.statusCode).toBe(413);
      expect((await tusCreate(t.app, librarian, 150 * 1024 * 1024, 'limit.iso', LIBRARY_UPLOAD_KIND)).statusCode).toBe(201);
      expect((await tusCreate(t.app, nobody, 10, 'a.pdf', LIBRARY_UPLOAD_KIND)).statusCode).toBe(403);
    });

    it('updates the fields keeping the file, replaces the file with a new upload, and deletes it with its bytes', async () => {
      const file = await createFile({ title: 'Versão 1' });
      const kept = await send('PUT', FILE(file.id), librarian, { title: 'Versão 1b', resource: file.resource, category: policies });
      expect(kept.json()).toMatchObject({ title: 'Versão 1b', resource: file.resource, category: policies, category_name: 'Políticas' });
      const oldKey = mediaKey(file.resource);
      expect(await t.app.storage.stat(oldKey)).not.toBeNull();
      const replaced = await send('PUT', FILE(file.id), librarian, { resource: await upload(png(), 'foto.png') });
      expect(replaced.json()).toMatchObject({ title: 'Versão 1b', extension: 'png', file_name: 'foto.png' });
      expect(await t.app.storage.stat(oldKey)).toBeNull();
      const gone = await send('DELETE', FILE(file.id), librarian);
      expect(gone.statusCode).toBe(200);
      expect(await t.app.storage.stat(mediaKey(replaced.json().resource))).toBeNull();
      expect((await get(FILE(file.id), librarian)).json().code).toBe('library_file_not_found');
    });

    it('lists with search, status, category and extension filters in both envelopes', async () => {
      await createFile({ title: 'Catálogo zeta', bytes: mp4(), name: 'zeta.mp4', category: policies, status: 2 });
      const drf = await get(`${FILES}?search=zeta&page_size=10`, librarian);
      expect(drf.json()).toMatchObject({ count: 1, results: [{ title: 'Catálogo zeta', extension: 'mp4' }] });
      const simple = await get(`${FILES}?filter=${encodeURIComponent(JSON.stringify({ extension: 'mp4', category: policies }))}&range=[0,9]`, librarian);
      expect(simple.headers['content-range']).toMatch(/^libraries 0-0\/1$/);
      expect((await get(`${FILES}?category=${policies}&extension=mp4&page_size=0`, librarian)).json().count).toBe(1);
      expect((await get(`${FILES}?status=1&search=zeta`, librarian)).json().count).toBe(0);
    });
  });

  describe('learners (spec 3 §2 library; spec 1 §2.2 filters)', () => {
    let guide: LibraryFile;
    let video: LibraryFile;
    let locked: LibraryFile;

    beforeAll(async () => {
      const groups = { user_groups: [org.groups['Store leaders']!] };
      guide = await createFile({ title: 'Guia do caixa', ...groups, tags: [org.tags.Compliance!], bytes: pdf(), name: 'caixa.pdf', category: policies });
      video = await createFile({
        title: 'Vídeo de produto', user_groups: [], areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!],
        tags: [org.tags.Product!], bytes: mp4(), name: 'produto.mp4',
      });
      locked = await createFile({ title: 'Somente leitura', ...groups, allow_download: false, bytes: png(), name: 'quadro.png' });
      await createFile({ title: 'Arquivo inativo', ...groups, status: 2 });
    });

    it('shows each learner the active files of their audience (groups, or profile and area), never another client\'s', async () => {
      const mine = titles(await learnerPage(inGroup.tokens));
      expect(mine).toEqual(expect.arrayContaining(['Guia do caixa', 'Somente leitura']));
      expect(mine).not.toContain('Vídeo de produto');
      expect(mine).not.toContain('Arquivo inativo');
      const theirs = titles(await learnerPage(byPlace.tokens));
      expect(theirs).toContain('Vídeo de produto');
      expect(theirs).not.toContain('Guia do caixa');
      expect((await learnerPage(outsider.tokens)).results.filter((r) => r.title !== 'Guia de atendimento')).toEqual([]);
      // a file the learner may not see does not exist for them
      expect((await get(`${API}${LIBRARY_PATHS.learnerFile(video.id)}`, inGroup.tokens)).json().code).toBe('library_file_not_found');
      // client isolation: the other client's manager and learners see none of these
      expect((await get(FILE(guide.id), otherAdmin)).json().code).toBe('library_file_not_found');
      expect((await get(`${FILES}?page_size=0`, otherAdmin)).json().count).toBe(0);
      expect((await learnerPage(otherAdmin)).count).toBe(0);
    });

    it('answers a card with the preview kind, the category and tags', async () => {
      const res = await get(`${API}${LIBRARY_PATHS.learnerFile(guide.id)}`, inGroup.tokens);
      expect(res.json<LearnerLibraryFile>()).toMatchObject({
        title: 'Guia do caixa', extension: 'pdf', preview: 'pdf', allow_download: true, viewed: false, downloaded: false,
        category: { id: policies, name: 'Políticas' }, tags: [{ id: org.tags.Compliance, name: 'Compliance' }],
      });
      expect((await get(`${API}${LIBRARY_PATHS.learnerFile(locked.id)}`, inGroup.tokens)).json()).toMatchObject({ preview: 'image', allow_download: false });
    });

    it('filters by search, categories, tags, extensions, areas and groups; "all" restricts nothing', async () => {
      const all = (await learnerPage(inGroup.tokens)).count;
      expect((await learnerPage(inGroup.tokens, 'selected_areas=all&selected_categories=all&selected_extensions=all')).count).toBe(all);
      expect(titles(await learnerPage(inGroup.tokens, 'search=CAIXA'))).toEqual(['Guia do caixa']);
      // the search reads file names too (library/{name})
      expect(titles(await learnerPage(inGroup.tokens, 'search=quadro'))).toEqual(['Somente leitura']);
      expect(titles(await learnerPage(inGroup.tokens, `selected_categories=${policies}`))).toEqual(['Guia do caixa']);
      expect(titles(await learnerPage(inGroup.tokens, `selected_tags=${org.tags.Compliance}`))).toEqual(['Guia do caixa']);
      expect(titles(await learnerPage(inGroup.tokens, 'selected_extensions=png,mp4'))).toEqual(['Somente leitura']);
      expect(titles(await learnerPage(byPlace.tokens, `selected_areas=${org.areas.Sales}`))).toEqual(['Vídeo de produto']);
      expect((await learnerPage(inGroup.tokens, `selected_groups=${org.groups['Store leaders']}`)).count).toBe(all);
      expect((await learnerPage(inGroup.tokens, `selected_groups=${org.groups['Onboarding 2026']}`)).count).toBe(0);
      const bad = await get(`${LEARNER}?selected_tags=1;drop`, inGroup.tokens);
      expect(bad.statusCode).toBe(400);
    });

    it('offers as filter choices only the categories, tags and extensions of the learner\'s files', async () => {
      const options = (await get(`${API}${LIBRARY_PATHS.learnerFilters}`, inGroup.tokens)).json<LibraryFilterOptions>();
      expect(options.categories.map((x) => x.name)).toEqual(expect.arrayContaining(['Manuais de loja', 'Políticas']));
      expect(options.tags.map((x) => x.name)).toEqual(['Compliance']);
      expect(options.extensions).toEqual(expect.arrayContaining(['pdf', 'png']));
      expect(options.extensions).not.toContain('mp4');
    });

    it('counts a view and a download once per learner, and shows the totals in the admin list', async () => {
      const view = (tokens: Tokens) => send('POST', `${API}${LIBRARY_PATHS.learnerView(guide.id)}`, tokens);
      expect((await view(inGroup.tokens)).json()).toMatchObject({ viewed: true, downloaded: false });
      await view(inGroup.tokens);
      const download = await get(`${API}${LIBRARY_PATHS.learnerDownload(guide.id)}`, inGroup.tokens);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe('attachment; filename="caixa.pdf"; filename*=UTF-8\'\'caixa.pdf');
      expect(download.rawPayload.equals(pdf())).toBe(true);
      await get(`${API}${LIBRARY_PATHS.learnerDownload(guide.id)}`, inGroup.tokens);
      const superLearner = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
      await view(superLearner.tokens);
      const row = (await get(`${FILES}?search=${encodeURIComponent('Guia do caixa')}`, librarian)).json().results[0];
      expect(row).toMatchObject({ views: 2, downloads: 1 });
      expect((await get(`${API}${LIBRARY_PATHS.learnerFile(guide.id)}`, inGroup.tokens)).json()).toMatchObject({ viewed: true, downloaded: true });
    });

    it('refuses the download of a file that does not allow it (download_not_allowed) and counts nothing', async () => {
      const res = await get(`${API}${LIBRARY_PATHS.learnerDownload(locked.id)}`, inGroup.tokens);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('download_not_allowed');
      expect((await get(FILE(locked.id), librarian)).json().downloads).toBe(0);
      // and nobody downloads a file outside their audience
      expect((await get(`${API}${LIBRARY_PATHS.learnerDownload(guide.id)}`, outsider.tokens)).statusCode).toBe(404);
    });

    it('shows the demo learner the seeded PDF guide', async () => {
      const demo = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      const page = await learnerPage(demo);
      const seeded = page.results.find((r) => r.title === 'Guia de atendimento')!;
      expect(seeded).toMatchObject({ preview: 'pdf', category: { name: 'Manuais' }, allow_download: true });
      const served = await openMedia(t.app, seeded.preview_url);
      // a 404 here is either the grant or the file: say which (this failed once in a full run, cause unknown)
      if (served.statusCode !== 200) {
        const diagnosis = await (async () => {
          const { token, rest } = splitGranted(new URL(seeded.preview_url).pathname.replace(/^\/(m|media)\//, ''));
          const grant = verifyGrant(t.app.mediaSecret, token);
          const key = grant ? grantedKey(grant, rest) : null;
          return `grant ${grant ? 'valid' : 'refused'}, key ${key}, stored ${key ? Boolean(await t.app.storage.get(key)) : '-'}`;
        })().catch((error: unknown) => `the URL's path is not a granted media path (${String(error)})`);
        expect.fail(`${served.statusCode} ${served.body.slice(0, 200)} for ${seeded.preview_url} at ${new Date().toISOString()}: ${diagnosis}, data dir ${t.config.dataDir}`);
      }
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
