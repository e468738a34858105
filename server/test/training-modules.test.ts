import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_PATHS, UPLOAD_KINDS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { packageCsp } from '../src/contentOrigin/contentApp.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import {
  bombZip, htmlZip, jpg, mp3, openMedia, mp4, multipart, pdf, ppt, pptx, scormZip, slipZip, symlinkZip, tusCreate, tusUpload, wav, zipOf,
} from './mediaFixtures.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const KIND = UPLOAD_KINDS.trainingModule;
/** group_training_module_types ids (migration 2026_11_22_0005) */
const TYPE = { video: 1, audio: 2, pdf: 3, scorm: 4, html: 5, powerpoint: 6, file: 7, youtube: 8, vimeo: 9, slideshare: 10 } as const;

/** spec 2 §3.2, §4.2, §5.2, §7.1 modules (classes) of a training, with their files. */
describe.each(DIALECTS)('training modules on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let manager: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let trainingId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    trainingId = await createTraining(t.app, manager, trainingBody(org, { title: 'Treinamento de módulos' }));
  });
  afterAll(async () => { await t.close(); });

  const list = (id = trainingId) => `${API}${MODULE_PATHS.collection(id)}`;
  const item = (moduleId: number, id = trainingId) => `${API}${MODULE_PATHS.item(id, moduleId)}`;
  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, tokens = manager) =>
    t.app.inject({ method, url, ...withAuth(multipart(fields), tokens) });
  const withAuth = (body: ReturnType<typeof multipart>, tokens: Tokens) => ({ payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
  const upload = (bytes: Buffer, name: string, tokens = manager) => tusUpload(t.app, tokens, bytes, name, KIND);
  const form = (type: number, resource: string, extra: Record<string, string | number> = {}) =>
    ({ title: 'Aula', group_training_module_type: type, status: 1, avaliable_in: '', module_score: '', resource, ...extra });
  async function create(type: number, bytes: Buffer, name: string, extra: Record<string, string | number> = {}) {
    const res = await send('POST', list(), form(type, await upload(bytes, name), extra));
    expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    return res.json();
  }
  const media = (url: string, headers: Record<string, string> = {}) => openMedia(t.app, url, headers);

  it('creates a module of every file type from its tus upload, served by a signed URL (§3.2 read shape)', async () => {
    const cases: Array<[number, Buffer, string, string]> = [
      [TYPE.video, mp4(), 'Aula 1.mp4', 'video/mp4'],
      [TYPE.audio, mp3(), 'podcast.mp3', 'audio/mpeg'],
      [TYPE.audio, wav(), 'voz.wav', 'audio/wav'],
      [TYPE.pdf, pdf(), 'apresentação.pdf', 'application/pdf'],
      [TYPE.powerpoint, ppt(), 'deck.ppt', 'application/vnd.ms-powerpoint'],
      [TYPE.powerpoint, await pptx(), 'deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      [TYPE.file, Buffer.from('a;b\n1;2'), 'planilha.csv', 'text/csv'],
    ];
    for (const [type, bytes, name, contentType] of cases) {
      const module = await create(type, bytes, name, { title: `Aula ${name}`, avaliable_in: '2026-12-01', module_score: '15' });
      expect(module).toMatchObject({
        title: `Aula ${name}`, status: 1, group_training_module_type: type, qty_views: 0, qty_progress: 0,
        avaliable_in: '2026-12-01', module_score: 15, resource_name: name, resource_size: bytes.length,
      });
      expect(Object.keys(module).sort()).toEqual([
        'avaliable_in', 'group_training_module_type', 'id', 'module_score', 'qty_progress', 'qty_views', 'resource', 'resource_name',
        'resource_size', 'resource_url', 'status', 'title',
      ]);
      // the path carries a random id, never the client's name as given
      expect(module.resource).toMatch(new RegExp(`^trainings/${trainingId}/modules/[0-9a-f]{32}/[A-Za-z0-9._-]+$`));
      // a signed URL naming the file; the public /media/ route does not serve it
      const stored = module.resource.split('/').pop();
      expect(module.resource_url).toMatch(new RegExp(`^${INJECT_ORIGIN}/api/files/media/[\\w-]+\\.[\\w-]+/${stored}$`));
      expect((await t.app.inject({ url: `/media/${module.resource}` })).statusCode).toBe(404);
      const served = await media(module.resource_url);
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toContain(contentType);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect((await t.app.inject({ url: item(module.id), headers: bearer(manager) })).json()).toEqual(module);
    }
  });

  it('unpacks HTML and SCORM (1.2 and 2004) zips and points the module at their entry file', async () => {
    const site = await create(TYPE.html, await htmlZip(), 'site.zip');
    expect(site.resource).toMatch(/^packages\/[0-9a-f]{32}\/index\.html$/);
    // on the content origin of the host the request came to, framed only by the app origin that asked
    expect(site.resource_url).toMatch(new RegExp(`^http://localhost:${t.config.contentPort}/m/[\\w-]+\\.[\\w-]+/index\\.html$`));
    const page = await media(site.resource_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(packageCsp(`http://localhost http://localhost:${t.config.contentPort}`));
    expect((await media(site.resource_url.replace(/index\.html$/, 'js/app.js'))).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: `/media/${site.resource}` })).statusCode).toBe(404);

    for (const version of ['1.2', '2004'] as const) {
      const course = await create(TYPE.scorm, await scormZip(version), `scorm-${version}.zip`);
      expect(course.resource).toMatch(/^packages\/[0-9a-f]{32}\/content\/start\.html$/);
      expect((await media(course.resource_url)).body).toContain('SCO');
      const stored = await t.app.db.selectFrom('media_objects').selectAll().where('resource', '=', course.resource).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ kind: 'scorm_package', scorm_version: version, file_name: `scorm-${version}.zip` });
    }
  });

  it('refuses each file that is not of its kind, keeping the upload for another try (§5.2)', async () => {
    const cases: Array<[number, Buffer, string, string, number]> = [
      [TYPE.video, pdf(), 'fake.mp4', 'invalid_file_type', 400],
      [TYPE.video, mp4(), 'aula.mov', 'invalid_file_type', 400],
      [TYPE.audio, mp4(), 'fake.mp3', 'invalid_file_type', 400],
      [TYPE.pdf, jpg(), 'foto.jpg', 'invalid_file_type', 400],
      [TYPE.powerpoint, Buffer.concat([ppt(), Buffer.alloc(10 * 1024 * 1024)]), 'big.ppt', 'powerpoint_too_large', 413],
      [TYPE.powerpoint, await pptx(true), 'animated.pptx', 'powerpoint_has_animations', 400],
      [TYPE.html, await zipOf({ 'site/index.html': '<p>x</p>' }), 'nested.zip', 'html_zip_without_index', 400],
      [TYPE.scorm, await htmlZip(), 'site.zip', 'scorm_zip_without_manifest', 400],
      [TYPE.html, await slipZip(), 'slip.zip', 'unsafe_zip_file', 400],
      [TYPE.html, await symlinkZip(), 'link.zip', 'unsafe_zip_file', 400],
      [TYPE.html, await bombZip(), 'bomb.zip', 'unsafe_zip_file', 400],
    ];
    for (const [type, bytes, name, code, status] of cases) {
      const res = await send('POST', list(), form(type, await upload(bytes, name)));
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ code, fields: { resource: code } });
    }
    // nothing of the refused packages was left in the media store
    const packages = path.join(t.config.dataDir, 'media', 'packages');
    const before = fs.existsSync(packages) ? fs.readdirSync(packages).length : 0;
    const id = await upload(pdf(), 'slides.pdf');
    expect((await send('POST', list(), form(TYPE.video, id))).json().code).toBe('invalid_file_type');
    const retried = await send('POST', list(), form(TYPE.pdf, id));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(fs.existsSync(packages) ? fs.readdirSync(packages).length : 0).toBe(before);
  });

  it('refuses an upload over the limit at tus creation, and uploads without trainings_manage', async () => {
    const huge = await tusCreate(t.app, manager, 150 * 1024 * 1024 + 1, 'big.mp4', KIND);
    expect(huge.statusCode).toBe(413);
    expect((await tusCreate(t.app, reader, 10, 'a.mp4', KIND)).statusCode).toBe(403);
  });

  it('takes only the caller\'s own finished, unused upload', async () => {
    const mine = await upload(pdf(), 'a.pdf');
    expect((await send('POST', list(), form(TYPE.pdf, mine))).statusCode).toBe(201);
    // used once
    expect((await send('POST', list(), form(TYPE.pdf, mine))).json()).toMatchObject({ code: 'upload_not_found', fields: { resource: 'upload_not_found' } });
    // another user's
    const su = await loginSuperuser(t.app);
    const theirs = await upload(pdf(), 'b.pdf', su);
    expect((await send('POST', list(), form(TYPE.pdf, theirs))).json().code).toBe('upload_not_found');
    // not finished
    const created = await tusCreate(t.app, manager, 100, 'c.pdf', KIND);
    const unfinished = (created.headers.location as string).split('/').pop()!;
    expect((await send('POST', list(), form(TYPE.pdf, unfinished))).json().code).toBe('upload_not_found');
    expect((await send('POST', list(), form(TYPE.pdf, '../../learning.db'))).json().code).toBe('upload_not_found');
  });

  it('embed types take a URL or iframe of their service, sanitised; file types need an upload (§3.2, §5.2)', async () => {
    const url = await send('POST', list(), form(TYPE.youtube, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
    expect(url.statusCode, url.body).toBe(201);
    expect(url.json()).toMatchObject({
      resource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', resource_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', resource_name: null,
    });
    const frame = await send('POST', list(), form(TYPE.vimeo,
      '<iframe src="https://player.vimeo.com/video/76979871" width="640" onload="alert(1)" style="x" allowfullscreen></iframe>'));
    expect(frame.statusCode, frame.body).toBe(201);
    expect(frame.json().resource).toBe('<iframe src="https://player.vimeo.com/video/76979871" width="640" allowfullscreen></iframe>');
    expect(frame.json().resource_url).toBe('https://player.vimeo.com/video/76979871');
    expect((await send('POST', list(), form(TYPE.slideshare, 'www.slideshare.net/slideshow/embed_code/key/abc'))).json().resource)
      .toBe('https://www.slideshare.net/slideshow/embed_code/key/abc');

    for (const bad of ['https://evil.example/watch?v=1', '<iframe src="https://evil.example/x"></iframe>', '<script>alert(1)</script>']) {
      const res = await send('POST', list(), form(TYPE.youtube, bad));
      expect(res.json(), bad).toMatchObject({ code: 'invalid_embed', fields: { resource: 'invalid_embed' } });
    }
    expect((await send('POST', list(), form(TYPE.video, 'https://www.youtube.com/watch?v=1'))).json().code).toBe('upload_not_found');
  });

  it('answers each §5.2 rule with its field and key; new modules are published with score 0 by default (§4.2, §9)', async () => {
    const empty = await send('POST', list(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED, group_training_module_type: REQUIRED, resource: REQUIRED } });
    const embed = 'https://youtu.be/dQw4w9WgXcQ';
    const cases: Array<[Record<string, string | number>, Record<string, string>]> = [
      [{ title: 'x'.repeat(257) }, { title: 'title_too_long' }],
      [{ title: '   ' }, { title: REQUIRED }],
      [{ group_training_module_type: 99 }, { group_training_module_type: 'validation_error' }],
      [{ module_score: -1 }, { module_score: 'score_out_of_range' }],
      [{ module_score: 'abc' }, { module_score: 'validation_error' }],
      [{ status: 3 }, { status: 'validation_error' }],
      [{ avaliable_in: '31/12/2026' }, { avaliable_in: 'validation_error' }],
      [{ resource: '' }, { resource: REQUIRED }],
    ];
    for (const [extra, fields] of cases) {
      const res = await send('POST', list(), form(TYPE.youtube, embed, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().fields, JSON.stringify(extra)).toEqual(fields);
    }
    const { status: _s, module_score: _m, avaliable_in: _a, ...minimal } = form(TYPE.youtube, embed);
    const res = await send('POST', list(), minimal);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, module_score: 0, avaliable_in: null });
    const unpublished = await send('PUT', item(res.json().id), form(TYPE.youtube, embed, { status: 2 }));
    expect(unpublished.json().status).toBe(2);
  });

  it('locks the type and file of a started class (§4.2, §5.2)', async () => {
    const video = await create(TYPE.video, mp4(), 'aula.mp4', { title: 'Vídeo com views' });
    const setCounters = (id: number, qty_views: number, qty_progress: number) =>
      t.app.db.updateTable('group_training_modules').set({ qty_views, qty_progress }).where('id', '=', id).execute();
    await setCounters(video.id, 3, 0);
    const typeChange = await send('PUT', item(video.id), form(TYPE.file, video.resource));
    expect(typeChange.statusCode).toBe(409);
    expect(typeChange.json()).toMatchObject({ code: 'module_type_locked', fields: { group_training_module_type: 'module_type_locked' } });
    const fileChange = await send('PUT', item(video.id), form(TYPE.video, await upload(mp4(), 'nova.mp4')));
    expect(fileChange.statusCode).toBe(409);
    expect(fileChange.json()).toMatchObject({ code: 'module_file_locked', fields: { resource: 'module_file_locked' } });
    // everything else may change; the file stays
    const renamed = await send('PUT', item(video.id), form(TYPE.video, video.resource, { title: 'Renomeado', module_score: 5 }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renomeado', module_score: 5, resource: video.resource, qty_views: 3 });

    // progress alone locks the type of a video too
    await setCounters(video.id, 0, 1);
    expect((await send('PUT', item(video.id), form(TYPE.file, video.resource))).json().code).toBe('module_type_locked');

    // a PDF with views keeps a changeable file; with progress its file is locked but not its type
    const slides = await create(TYPE.pdf, pdf(), 'slides.pdf');
    await setCounters(slides.id, 4, 0);
    const replaced = await send('PUT', item(slides.id), form(TYPE.pdf, await upload(pdf(), 'v2.pdf')));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().resource).not.toBe(slides.resource);
    expect(replaced.json().resource_name).toBe('v2.pdf');
    await setCounters(slides.id, 4, 2);
    expect((await send('PUT', item(slides.id), form(TYPE.pdf, await upload(pdf(), 'v3.pdf')))).json().code).toBe('module_file_locked');
    const asFile = await send('PUT', item(slides.id), form(TYPE.file, replaced.json().resource));
    expect(asFile.statusCode, asFile.body).toBe(200);
    expect(asFile.json().group_training_module_type).toBe(TYPE.file);

    // the error key is translated in the four languages (spec 2 §8)
    for (const locale of ['pt-br', 'en', 'es', 'fr']) {
      const errors = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}.json`), 'utf8')).errors;
      expect(errors.module_file_locked, locale).toBeTruthy();
    }
  });

  it('a new type keeping the current file must fit it', async () => {
    const slides = await create(TYPE.pdf, pdf(), 'slides.pdf');
    const asVideo = await send('PUT', item(slides.id), form(TYPE.video, slides.resource));
    expect(asVideo.json()).toMatchObject({ code: 'invalid_file_type', fields: { resource: 'invalid_file_type' } });
    const site = await create(TYPE.html, await htmlZip(), 'site.zip');
    expect((await send('PUT', item(site.id), form(TYPE.file, site.resource))).json().code).toBe('invalid_file_type');
    const embed = await send('POST', list(), form(TYPE.youtube, 'https://youtu.be/x'));
    expect((await send('PUT', item(embed.json().id), form(TYPE.vimeo, 'https://youtu.be/x'))).json().code).toBe('invalid_embed');
  });

  it('lists in both envelopes; a deleted module disappears from lists and from the hierarchy', async () => {
    const training = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'Lista de módulos' }));
    const ids: number[] = [];
    for (const title of ['Primeira', 'Segunda', 'Terceira']) {
      const res = await send('POST', list(training), form(TYPE.youtube, 'https://youtu.be/x', { title }));
      ids.push(res.json().id);
    }
    const drf = await t.app.inject({ url: `${list(training)}?page_size=0&ordering=-title`, headers: bearer(manager) });
    expect(drf.json().count).toBe(3);
    expect(drf.json().results.map((m: { title: string }) => m.title)).toEqual(['Terceira', 'Segunda', 'Primeira']);
    const simple = await t.app.inject({ url: `${list(training)}?range=[0,1]&sort=["id","ASC"]`, headers: bearer(manager) });
    expect(simple.json().map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
    expect(simple.headers['content-range']).toBe('group_training_modules 0-1/3');

    const removed = await t.app.inject({ method: 'DELETE', url: item(ids[1]!, training), headers: bearer(manager) });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: `${list(training)}?page_size=0`, headers: bearer(manager) })).json().results.map((m: { id: number }) => m.id))
      .toEqual([ids[0], ids[2]]);
    expect((await t.app.inject({ url: item(ids[1]!, training), headers: bearer(manager) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: item(ids[1]!, training), headers: bearer(manager) })).statusCode).toBe(404);
    expect((await send('PUT', item(ids[1]!, training), form(TYPE.youtube, 'https://youtu.be/x'))).statusCode).toBe(404);
    const hierarchy = await t.app.inject({ url: `${API}/admin_group_trainings/group_trainings/${training}/group_training_hierarchy/?page_size=0`, headers: bearer(manager) });
    expect(hierarchy.statusCode, hierarchy.body).toBe(200);
    const body = hierarchy.json();
    const rows: Array<{ type_slug: string; type_id: number }> = Array.isArray(body) ? body : body.results;
    expect(rows.filter((r) => r.type_slug === 'module').map((r) => r.type_id)).toEqual([ids[0], ids[2]]);
  });

  it('reads need trainings, writes trainings_manage; another client\'s training does not exist', async () => {
    expect((await t.app.inject({ url: list(), headers: bearer(reader) })).statusCode).toBe(200);
    const denied = await send('POST', list(), form(TYPE.youtube, 'https://youtu.be/x'), reader);
    expect(denied.statusCode).toBe(403);
    const one = (await t.app.inject({ url: `${list()}?page_size=1`, headers: bearer(manager) })).json().results[0];
    expect((await t.app.inject({ method: 'DELETE', url: item(one.id), headers: bearer(reader) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: list(), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: item(one.id), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: list() })).statusCode).toBe(401);
  });

  describe('import from database (§2.3, §7.1)', () => {
    const search = (text: string, tokens = manager) =>
      t.app.inject({ method: 'POST', url: `${API}${MODULE_PATHS.search}`, headers: bearer(tokens), payload: { search_module: text } });
    const move = (id: number, tokens = manager) =>
      t.app.inject({ method: 'POST', url: `${API}${MODULE_PATHS.moveResourceToTmp}`, headers: bearer(tokens), payload: { group_training_module_source_id: id } });

    let otherModule: number;
    beforeAll(async () => {
      // another client's training with a module of a matching title
      const now = new Date();
      const other = await t.app.db.insertInto('group_trainings').values({
        client_id: c.other, title: 'Zebra confidencial', status: 1, created_at: now, updated_at: now,
        code: null, unpublish_date: null, qty_certificate_expiration_days: null, image_url: null, certificate_image_url: null, created_by: null,
      }).returning('id').executeTakeFirstOrThrow();
      otherModule = (await t.app.db.insertInto('group_training_modules').values({
        group_training_id: other.id, title: 'Zebra aula secreta', module_type_id: TYPE.youtube, avaliable_in: null,
        resource: 'https://youtu.be/secret', resource_size: null, resource_name: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
    });

    it('finds the client\'s modules by training or module title: ≥ 3 characters, ≤ 25 hits, never another client\'s', async () => {
      const source = await create(TYPE.pdf, pdf(), 'zebra.pdf', { title: 'Zebra aula pública' });
      expect((await search('ze')).json()).toEqual({ classes: [] });
      const hits = (await search('ZEBRA')).json().classes;
      expect(hits).toEqual([{
        id: source.id, group_training_title: 'Treinamento de módulos', group_training_module_title: 'Zebra aula pública',
        group_training_module_type_id: TYPE.pdf, group_training_module_type_slug: 'pdf', group_training_module_type_use_embed: false,
        group_training_module_content: source.resource,
      }]);
      // by the training's title
      expect((await search('treinamento de mód')).json().classes.length).toBeGreaterThan(0);
      expect((await search('secreta')).json().classes).toEqual([]);
      expect((await search('Zebra', otherAdmin)).json().classes.map((h: { id: number }) => h.id)).toEqual([otherModule]);

      const now = new Date();
      await t.app.db.insertInto('group_training_modules').values(Array.from({ length: 30 }, (_, i) => ({
        group_training_id: trainingId, title: `Lote ${String(i).padStart(2, '0')}`, module_type_id: TYPE.youtube, avaliable_in: null,
        resource: 'https://youtu.be/x', resource_size: null, resource_name: null, created_at: now, updated_at: now,
      }))).execute();
      expect((await search('Lote')).json().classes).toHaveLength(25);
      expect((await search('Lote', reader)).statusCode).toBe(200);
    });

    it('copies the source\'s file so the new module owns its own copy; embeds come as they are', async () => {
      const source = await create(TYPE.pdf, pdf(), 'origem.pdf', { title: 'Origem' });
      const moved = await move(source.id);
      expect(moved.statusCode, moved.body).toBe(200);
      const copy = moved.json().group_training_module_resource as string;
      expect(copy).toMatch(/^[0-9a-f]{32}$/);
      const created = await send('POST', list(), form(TYPE.pdf, copy, { title: 'Importada' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ resource_name: 'origem.pdf', resource_size: pdf().length });
      expect(created.json().resource).not.toBe(source.resource);
      expect((await media(created.json().resource_url)).rawPayload.equals(pdf())).toBe(true);
      expect((await media(source.resource_url)).statusCode).toBe(200);

      const scorm = await create(TYPE.scorm, await scormZip('2004'), 'curso.zip');
      const scormCopy = await send('POST', list(), form(TYPE.scorm, (await move(scorm.id)).json().group_training_module_resource));
      expect(scormCopy.statusCode, scormCopy.body).toBe(201);
      expect(scormCopy.json().resource).toMatch(/^packages\/[0-9a-f]{32}\/content\/start\.html$/);
      expect(scormCopy.json().resource).not.toBe(scorm.resource);

      const embed = await send('POST', list(), form(TYPE.youtube, 'https://youtu.be/abc'));
      expect((await move(embed.json().id)).json()).toEqual({ group_training_module_resource: 'https://youtu.be/abc' });
    });

    it('answers 400 module_import_not_found_error when the source or its file is not found', async () => {
      expect((await move(otherModule)).json()).toMatchObject({ code: 'module_import_not_found_error' });
      expect((await move(999999)).statusCode).toBe(400);
      // a file the media store does not hold (the demo seed's path)
      const now = new Date();
      const orphan = await t.app.db.insertInto('group_training_modules').values({
        group_training_id: trainingId, title: 'Sem arquivo', module_type_id: TYPE.pdf, avaliable_in: null,
        resource: 'demo/compliance-manual.pdf', resource_size: null, resource_name: null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      expect((await move(orphan.id)).json()).toMatchObject({ code: 'module_import_not_found_error' });
      // a deleted source
      const gone = await create(TYPE.pdf, pdf(), 'gone.pdf');
      await t.app.inject({ method: 'DELETE', url: item(gone.id), headers: bearer(manager) });
      expect((await move(gone.id)).statusCode).toBe(400);
      expect((await move(gone.id, reader)).statusCode).toBe(403);
    });
  });
});
