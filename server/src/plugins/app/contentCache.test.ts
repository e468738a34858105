import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ownedDb } from '../../content/ownedDb.ts';
import { TRAINING_OWNER } from '../../content/owners.ts';
import dbPlugin from './db.ts';
import contentCachePlugin from './contentCache.ts';

/** a promise the test resolves when it chooses */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('content cache (SQLite, no Redis)', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let clientId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-content-cache-'));
    const config = loadConfig({}, { dataDir, logLevel: 'silent', seedDemo: false, staticRoot: null });
    app = Fastify({ logger: false });
    app.decorate('config', config);
    await app.register(dbPlugin, { config });
    await app.register(fp(contentCachePlugin, { name: 'content-cache-under-test' }));
    await app.ready();
    const now = new Date();
    clientId = (await app.db.insertInto('clients').values({ name: 'Cache', home_route: 'home', settings: JSON.stringify({}), created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads once for every caller, the crowd at a cold entry included, and answers frozen values', async () => {
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      loads += 1;
      await gate.promise;
      return { questions: [{ id: 1, answers: [{ id: 10 }] }] };
    };
    const crowd = Promise.all([1, 2, 3].map(() => app.contentCache.read('crowd', load)));
    gate.resolve();
    const answers = await crowd;
    expect(await app.contentCache.read('crowd', load)).toBe(answers[0]);
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(Object.isFrozen(answers[0]!.questions[0]!.answers)).toBe(true);
  });

  it('drops every entry on a write to a table it reads, through an owner kind\'s virtual names too', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await app.contentCache.read('k', load)).toBe(1);
    expect(await app.contentCache.read('k', load)).toBe(1);
    const now = new Date();
    const training = await app.db.insertInto('group_trainings').values({ client_id: clientId, title: 'T', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    expect(await app.contentCache.read('k', load)).toBe(2);
    // an edit of a test through the owned-content core (owned_tests → group_training_tests)
    await ownedDb(app.db, TRAINING_OWNER).insertInto('owned_tests').values({
      owner_id: training.id, title: 'Prova', test_type_id: 1, status: 1, avaliable_in: null, qty_total_questions: null, minimum_score: 1,
      maximum_attempts: 0, time_to_answer: null, randomize_questions: false, randomize_answers: false, created_at: now, updated_at: now,
    }).execute();
    expect(await app.contentCache.read('k', load)).toBe(3);
  });

  it('keeps what learners write out of it: their attempts do not drop it', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await app.contentCache.read('attempts', load)).toBe(1);
    const now = new Date();
    const training = await app.db.insertInto('group_trainings').values({ client_id: clientId, title: 'T2', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    expect(await app.contentCache.read('attempts', load)).toBe(2);
    const test = await app.db.insertInto('group_training_tests').values({
      owner_id: training.id, title: 'P', test_type_id: 1, status: 1, avaliable_in: null, qty_total_questions: null, minimum_score: 1,
      maximum_attempts: 0, time_to_answer: null, randomize_questions: false, randomize_answers: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    expect(await app.contentCache.read('attempts', load)).toBe(3);
    const user = await app.db.insertInto('users').values({
      email: 'cache@test.local', document: null, register: null, gmin_number: null, sap_code: null, full_name: 'Cache', nick_name: null, password_hash: 'x',
      is_superuser: false, status: 'active', language_id: 1, selected_client_id: clientId, must_change_password: false, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await ownedDb(app.db, TRAINING_OWNER).insertInto('owned_test_results').values({
      test_id: test.id, user_id: user.id, attempt_number: 1, status: 'in_progress', started_at: now, deadline_at: null, finished_at: null, total_questions: 0,
    }).execute();
    expect(await app.contentCache.read('attempts', load)).toBe(3);
  });

  it('does not keep an answer read while a write came: the next reader reads again', async () => {
    let loads = 0;
    const gate = deferred<void>();
    const first = app.contentCache.read('raced', async () => {
      loads += 1;
      await gate.promise;
      return 'old';
    });
    const now = new Date();
    await app.db.insertInto('group_trainings').values({ client_id: clientId, title: 'T3', status: 1, created_at: now, updated_at: now }).execute();
    gate.resolve();
    expect(await first).toBe('old');
    expect(await app.contentCache.read('raced', async () => { loads += 1; return 'new'; })).toBe('new');
    expect(loads).toBe(2);
  });
});
