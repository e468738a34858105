import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { MODULE_PATHS, UPLOAD_KINDS } from '@lp/shared/contract';
import appPlugin from '../src/app.ts';
import { fastifyOptions, type Config } from '../src/config.ts';
import { TUS_PREFIX } from '../src/plugins/external/tusStores.ts';
import { s3Storage } from '../src/storage/s3.ts';
import type { FileStorage } from '../src/storage/index.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { htmlZip, multipart, openMedia, pdf, tusCreate, tusUpload } from './mediaFixtures.ts';
import { startTestBucket, type TestBucket } from './s3Server.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const API = '/api';
const KIND = UPLOAD_KINDS.trainingModule;
/** group_training_module_types ids (migration 2026_11_22_0005) */
const TYPE = { pdf: 3, html: 5, video: 1 } as const;
const MiB = 1024 * 1024;
const TUS_HEADERS = { 'tus-resumable': '1.0.0' };

/** A second API node on the same database and bucket (docs/production.md "Topology"), with a data folder of its own where the database allows. */
async function secondNode(config: Config): Promise<{ app: FastifyInstance; dataDir: string; close(): Promise<void> }> {
  // SQLite lives in DATA_DIR (one node only): the second app shares it; Postgres nodes do not share a folder
  const dataDir = config.databaseUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'lp-node-b-')) : config.dataDir;
  const app = Fastify({ ...fastifyOptions(config), logger: false, pluginTimeout: 60_000 });
  await app.register(appPlugin, { config: { ...config, dataDir, runJobs: false }, serveStatic: false });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      if (dataDir !== config.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PATCH over a real connection that breaks after `sent` of the `body`'s bytes (a browser losing its network). */
async function brokenPatch(origin: string, url: string, tokens: Tokens, offset: number, body: Buffer, sent: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const request = http.request(`${origin}${url}`, {
      method: 'PATCH',
      headers: {
        ...TUS_HEADERS, ...bearer(tokens), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length),
      },
    });
    request.on('error', () => resolve());
    request.on('response', (res) => { res.resume(); resolve(); });
    request.write(body.subarray(0, sent), () => {
      // the bytes left this process; the connection dies before the rest
      setTimeout(() => { request.destroy(); resolve(); }, 300);
    });
  });
}

/** The upload's offset as a node answers HEAD, once it stops moving (the broken PATCH's end reaches the store). */
async function settledOffset(app: FastifyInstance, url: string, tokens: Tokens): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const head = await app.inject({ method: 'HEAD', url, headers: { ...TUS_HEADERS, ...bearer(tokens) } });
    expect(head.statusCode).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    if (offset === last) return offset;
    last = offset;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

/** DESIGN "Files and media" with S3_* set: tus uploads live in the bucket, so any node resumes one and any node takes it. */
describe.each(DIALECTS)('tus uploads in object storage on %s', (dialect) => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondNode>>;
  let origin: string;
  let manager: Tokens;
  let trainingId: number;
  /** the bucket seen by a client of its own */
  let other: FileStorage;

  beforeAll(async () => {
    bucket = await startTestBucket();
    other = s3Storage(bucket.settings);
    // nodes that do not share DATA_DIR share the signed-URL key (docs/production.md)
    a = await buildTestApp(dialect, { s3: bucket.settings, mediaUrlSecret: 'shared-by-both-nodes' });
    b = await secondNode(a.config);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const su = await loginSuperuser(a.app);
    const c = await clientIds(a.app);
    manager = (await adminWith(a.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    trainingId = await createTraining(a.app, manager, trainingBody(await orgIds(a.app, c.demo), { title: 'Treinamento no bucket' }));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await bucket?.close();
  });

  const createModule = (app: FastifyInstance, type: number, resource: string) => {
    const body = multipart({ title: 'Aula', group_training_module_type: type, status: 1, avaliable_in: '', module_score: '', resource });
    return app.inject({ method: 'POST', url: `${API}${MODULE_PATHS.collection(trainingId)}`, payload: body.payload, headers: { ...body.headers, ...bearer(manager) } });
  };
  const tusObjects = async (id: string) => (await other.list(TUS_PREFIX)).map((o) => o.key).filter((key) => key.startsWith(`${TUS_PREFIX}${id}`));
  const tusFolder = (dataDir: string) => path.join(dataDir, 'uploads', 'tus');

  it('resumes on a second node an upload broken on the first, then a module takes it and either node serves it', async () => {
    // 12 MiB: a 5 MiB part, bytes waiting for the next part, and a last part
    const bytes = Buffer.concat([pdf(), Buffer.alloc(12 * MiB - pdf().length, 7)]);
    const created = await tusCreate(a.app, manager, bytes.length, 'manual grande.pdf', KIND);
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    const id = url.split('/').pop()!;

    // node A: 6 MiB arrive whole, then a PATCH breaks after 3 MiB more
    const first = await a.app.inject({
      method: 'PATCH', url, payload: bytes.subarray(0, 6 * MiB),
      headers: { ...TUS_HEADERS, ...bearer(manager), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(6 * MiB));
    await brokenPatch(origin, url, manager, 6 * MiB, bytes.subarray(6 * MiB), 3 * MiB);

    // node B knows the upload from the bucket alone: where to go on from
    const offset = await settledOffset(b.app, url, manager);
    expect(offset).toBeGreaterThanOrEqual(5 * MiB);
    expect(offset).toBeLessThanOrEqual(9 * MiB);
    const rest = await b.app.inject({
      method: 'PATCH', url, payload: bytes.subarray(offset),
      headers: { ...TUS_HEADERS, ...bearer(manager), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    const done = await a.app.inject({ method: 'HEAD', url, headers: { ...TUS_HEADERS, ...bearer(manager) } });
    expect(done.headers['upload-offset']).toBe(String(bytes.length));

    // nothing of it on either node's disk: the bytes are the bucket's
    for (const dir of [a.config.dataDir, b.dataDir]) expect(fs.existsSync(tusFolder(dir)) ? fs.readdirSync(tusFolder(dir)) : []).toEqual([]);
    expect((await other.get(`${TUS_PREFIX}${id}`))?.equals(bytes)).toBe(true);

    // node A takes it (validated by content from the bucket's bytes) into a module
    const module = await createModule(a.app, TYPE.pdf, id);
    expect(module.statusCode, module.body).toBe(201);
    const { resource, resource_url: resourceUrl, resource_size: size } = module.json<{ resource: string; resource_url: string; resource_size: number }>();
    expect(size).toBe(bytes.length);
    expect(await tusObjects(id)).toEqual([]);
    expect((await other.stat(`media/${resource}`))?.size).toBe(bytes.length);
    for (const node of [a.app, b.app]) {
      const served = await openMedia(node, resourceUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    // taken once: the same upload is no one's any more
    expect((await createModule(b.app, TYPE.pdf, id)).statusCode).not.toBe(201);
  }, 120_000);

  it('validates by content on the bucket\'s bytes, keeps a refused upload, and unpacks a package from it', async () => {
    const id = await tusUpload(b.app, manager, pdf(), 'fake.mp4', KIND);
    const refused = await createModule(a.app, TYPE.video, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_file_type', fields: { resource: 'invalid_file_type' } });
    expect(await tusObjects(id)).toContain(`${TUS_PREFIX}${id}`);

    const site = await tusUpload(a.app, manager, await htmlZip(), 'site.zip', KIND);
    const html = await createModule(b.app, TYPE.html, site);
    expect(html.statusCode, html.body).toBe(201);
    const page = await openMedia(a.app, html.json<{ resource_url: string }>().resource_url);
    expect(page.body).toContain('<h1>Aula</h1>');
    expect(await tusObjects(site)).toEqual([]);
  });

  it('copies a module\'s stored file into a new upload (import from database) that another node takes', async () => {
    const source = await createModule(a.app, TYPE.pdf, await tusUpload(a.app, manager, pdf(), 'origem.pdf', KIND));
    expect(source.statusCode, source.body).toBe(201);
    const moved = await a.app.inject({
      method: 'POST', url: `${API}${MODULE_PATHS.moveResourceToTmp}`, headers: bearer(manager), payload: { group_training_module_source_id: source.json<{ id: number }>().id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const id = moved.json<{ group_training_module_resource: string }>().group_training_module_resource;
    expect(await b.app.tus.progress(id)).toEqual({ offset: pdf().length, size: pdf().length });
    const copy = await createModule(b.app, TYPE.pdf, id);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await openMedia(b.app, copy.json<{ resource_url: string }>().resource_url)).rawPayload.equals(pdf())).toBe(true);
    expect(await tusObjects(id)).toEqual([]);
  });

  it('terminates an unfinished upload and expires an old one, leaving nothing in the bucket', async () => {
    const bytes = Buffer.alloc(6 * MiB, 1);
    const open = async () => {
      const created = await tusCreate(a.app, manager, 8 * MiB, 'parcial.pdf', KIND);
      const url = created.headers.location as string;
      const patched = await a.app.inject({
        method: 'PATCH', url, payload: bytes, headers: { ...TUS_HEADERS, ...bearer(manager), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      });
      expect(patched.statusCode).toBe(204);
      return { url, id: url.split('/').pop()! };
    };
    const ended = await open();
    expect((await tusObjects(ended.id)).length).toBeGreaterThan(0);
    const terminated = await b.app.inject({ method: 'DELETE', url: ended.url, headers: { ...TUS_HEADERS, ...bearer(manager) } });
    expect(terminated.statusCode, terminated.body).toBe(204);
    expect(await tusObjects(ended.id)).toEqual([]);

    const stale = await open();
    expect(await a.app.tus.expire(new Date(Date.now() + (a.config.uploadTtlSeconds + 60) * 1000))).toBeGreaterThanOrEqual(1);
    expect(await tusObjects(stale.id)).toEqual([]);
    expect((await a.app.inject({ method: 'HEAD', url: stale.url, headers: { ...TUS_HEADERS, ...bearer(manager) } })).statusCode).toBe(404);
  });
});
