import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_PATHS, UPLOAD_KINDS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { multipart, openMedia, pdf, tusCreate, tusUpload } from './mediaFixtures.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

/** spec 2 §3.6, §4.3, §5.7, §7.1 support materials of a training. */
describe.each(DIALECTS)('training support materials on %s', (dialect) => {
  let t: TestApp;
  let manager: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let trainingId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const c = await clientIds(t.app);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    trainingId = await createTraining(t.app, manager, trainingBody(await orgIds(t.app, c.demo), { title: 'Treinamento com materiais' }));
  });
  afterAll(async () => { await t.close(); });

  const list = () => `${API}${MATERIAL_PATHS.collection(trainingId)}`;
  const item = (id: number) => `${API}${MATERIAL_PATHS.item(trainingId, id)}`;
  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | number>, tokens = manager) => {
    const body = multipart(fields);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
  };
  const upload = (bytes: Buffer, name: string, tokens = manager) => tusUpload(t.app, tokens, bytes, name, UPLOAD_KINDS.trainingMaterial);

  it('creates a material of any extension, published by default, with the §3.6 read shape', async () => {
    const bytes = Buffer.from('PK-ish but anything goes');
    const res = await send('POST', list(), { title: 'Guia rápido', resource: await upload(bytes, 'Guia Rápido.DOCX') });
    expect(res.statusCode, res.body).toBe(201);
    const material = res.json();
    expect(material).toMatchObject({ title: 'Guia rápido', extension: 'docx', size: bytes.length, status: 1, resource_name: 'Guia Rápido.DOCX' });
    expect(material.resource).toMatch(new RegExp(`^trainings/${trainingId}/materials/[0-9a-f]{32}/Guia_Rapido\\.docx$`));
    expect(material.resource_url).toMatch(new RegExp(`^${INJECT_ORIGIN}/api/files/media/[\\w-]+\\.[\\w-]+/Guia_Rapido\\.docx$`));
    const served = await openMedia(t.app, material.resource_url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ url: item(material.id), headers: bearer(manager) })).json()).toEqual(material);

    const noExtension = await send('POST', list(), { title: 'Sem extensão', status: 2, resource: await upload(Buffer.from('x'), 'LEIAME') });
    expect(noExtension.json()).toMatchObject({ extension: '', status: 2 });
  });

  it('requires title and file (§5.7); status 1 or 2 only', async () => {
    const empty = await send('POST', list(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED, resource: REQUIRED } });
    const id = await upload(pdf(), 'a.pdf');
    expect((await send('POST', list(), { title: 'x'.repeat(257), resource: id })).json().fields).toEqual({ title: 'title_too_long' });
    expect((await send('POST', list(), { title: 'A', status: 3, resource: id })).json().fields).toEqual({ status: 'validation_error' });
    expect((await send('POST', list(), { title: 'A', resource: 'not-an-upload' })).json())
      .toMatchObject({ code: 'upload_not_found', fields: { resource: 'upload_not_found' } });
    // the upload survived the refusals
    expect((await send('POST', list(), { title: 'A', resource: id })).statusCode).toBe(201);
    // a module's upload is not a material's
    const moduleUpload = await tusUpload(t.app, manager, pdf(), 'm.pdf', UPLOAD_KINDS.trainingModule);
    expect((await send('POST', list(), { title: 'A', resource: moduleUpload })).json().code).toBe('upload_not_found');
  });

  it('refuses a file over 150 MB when the upload is created (spec 4 "Uploads")', async () => {
    const res = await tusCreate(t.app, manager, 150 * 1024 * 1024 + 1, 'huge.iso', UPLOAD_KINDS.trainingMaterial);
    expect(res.statusCode).toBe(413);
    expect((await tusCreate(t.app, manager, 150 * 1024 * 1024, 'limit.iso', UPLOAD_KINDS.trainingMaterial)).statusCode).toBe(201);
  });

  it('updates title and status keeping the file, or replaces the file with a new upload', async () => {
    const created = (await send('POST', list(), { title: 'Versão 1', resource: await upload(pdf(), 'v1.pdf') })).json();
    const renamed = await send('PUT', item(created.id), { title: 'Versão 1b', status: 2, resource: created.resource });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Versão 1b', status: 2, resource: created.resource, extension: 'pdf' });
    const bytes = Buffer.from('col1,col2\n');
    const replaced = await send('PUT', item(created.id), { title: 'Versão 2', resource: await upload(bytes, 'v2.csv') });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // status not sent: kept
    expect(replaced.json()).toMatchObject({ title: 'Versão 2', status: 2, extension: 'csv', size: bytes.length, resource_name: 'v2.csv' });
    expect(replaced.json().resource).not.toBe(created.resource);
    expect((await send('PUT', item(created.id), { title: 'X', resource: 'unknown' })).json().code).toBe('upload_not_found');
  });

  it('lists in both envelopes (id, title, extension, size, status); a deleted material disappears', async () => {
    const drf = (await t.app.inject({ url: `${list()}?page_size=0`, headers: bearer(manager) })).json();
    expect(drf.count).toBe(drf.results.length);
    expect(drf.results[0]).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.any(String), extension: expect.any(String), size: expect.any(Number), status: expect.any(Number) }));
    const simple = await t.app.inject({ url: `${list()}?range=[0,0]&sort=["title","ASC"]`, headers: bearer(manager) });
    expect(simple.json()).toHaveLength(1);
    expect(simple.headers['content-range']).toBe(`group_training_materials 0-0/${drf.count}`);

    const victim = drf.results[0].id as number;
    expect((await t.app.inject({ method: 'DELETE', url: item(victim), headers: bearer(reader) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: item(victim), headers: bearer(manager) })).statusCode).toBe(204);
    const after = (await t.app.inject({ url: `${list()}?page_size=0`, headers: bearer(manager) })).json();
    expect(after.count).toBe(drf.count - 1);
    expect(after.results.map((m: { id: number }) => m.id)).not.toContain(victim);
    expect((await t.app.inject({ url: item(victim), headers: bearer(manager) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: item(victim), headers: bearer(manager) })).statusCode).toBe(404);
  });

  it('reads need trainings, writes trainings_manage; another client never reaches them', async () => {
    expect((await t.app.inject({ url: list(), headers: bearer(reader) })).statusCode).toBe(200);
    expect((await send('POST', list(), { title: 'A', resource: 'x' }, reader)).statusCode).toBe(403);
    expect((await tusCreate(t.app, reader, 10, 'a.pdf', UPLOAD_KINDS.trainingMaterial)).statusCode).toBe(403);
    expect((await t.app.inject({ url: list(), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    const any = (await t.app.inject({ url: `${list()}?page_size=1`, headers: bearer(manager) })).json().results[0];
    expect((await t.app.inject({ url: item(any.id), headers: bearer(otherAdmin) })).statusCode).toBe(404);
    expect((await send('PUT', item(any.id), { title: 'Hacked', resource: any.resource }, otherAdmin)).statusCode).toBe(404);
  });
});
