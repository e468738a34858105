import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { LEARNER_PATHS, TRAINING_PATHS } from '@lp/shared/contract';
import { MIN_VIEW_SECONDS } from '@lp/shared/rules';
import { bearer, login, type Tokens } from './helpers.ts';
import { addModule, createTraining, postForm, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith } from './userFixtures.ts';
import { openedEarlier } from './learnerContentFixtures.ts';

/**
 * Fixtures of the completion, certificate, home and trail suites: published trainings the demo
 * learners can see (audience: the 'Onboarding 2026' user group), progress driven through the
 * learner's own calls (module progress, restart) or, for tests, by recording an attempt and
 * reporting it as the test engine does.
 */
export const API = '/api';
export const AUDIENCE_GROUP = 'Onboarding 2026';

export interface PublishedTraining { id: number; modules: number[]; tests: number[] }

export interface TrainingSpec {
  title?: string;
  /** spec 2 §4.6: open trainings never certify */
  open?: boolean;
  modules?: number;
  /** conventional tests (type 1) with minimum score 1 */
  tests?: number;
  body?: Record<string, unknown>;
}

export async function publishedTraining(app: FastifyInstance, admin: Tokens, org: OrgIds, spec: TrainingSpec = {}): Promise<PublishedTraining> {
  const id = await createTraining(app, admin, trainingBody(org, {
    title: spec.title ?? 'Atendimento', user_groups: [org.groups[AUDIENCE_GROUP]!], ...spec.body,
  }));
  const modules: number[] = [];
  for (let i = 0; i < (spec.modules ?? 1); i += 1) modules.push(await addModule(app, id, { title: `Aula ${i + 1}` }));
  const tests: number[] = [];
  const now = new Date();
  for (let i = 0; i < (spec.tests ?? 0); i += 1) {
    const row = await app.db.insertInto('group_training_tests').values({
      owner_id: id, title: `Prova ${i + 1}`, test_type_id: 1, status: 1, avaliable_in: null, qty_total_questions: null,
      minimum_score: 1, time_to_answer: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    tests.push(row.id);
  }
  const published = await postForm(app, `${API}${TRAINING_PATHS.publish(id)}`, admin);
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  if (spec.open) {
    const res = await postForm(app, `${API}${TRAINING_PATHS.changeIsOpen(id)}`, admin, { is_open: 'true' });
    if (res.statusCode !== 200) throw new Error(`open: ${res.statusCode} ${res.body}`);
  }
  return { id, modules, tests };
}

/** A learner of the demo client in the trainings' audience group. */
export async function audienceLearner(app: FastifyInstance, su: Tokens, clientId: number, org: OrgIds): Promise<{ id: number; tokens: Tokens }> {
  const user = await adminWith(app, su, clientId, []);
  await app.db.insertInto('user_group_members').values({ group_id: org.groups[AUDIENCE_GROUP]!, user_id: user.id }).execute();
  return { id: user.id, tokens: user.tokens };
}

export const learnerLogin = (app: FastifyInstance, email: string, password: string) => login(app, email, password);

/**
 * The learner goes through one of these trainings' modules (an embed, addModule's default) as its
 * player does: opened, then shown for the minimum time — the opening is moved back by that time,
 * the server's clock being real — and reported done (shared learning/completion.ts).
 */
export async function finishModule(app: FastifyInstance, tokens: Tokens, trainingId: number, moduleId: number) {
  const report = (body: object) => app.inject({
    method: 'POST', url: `${API}${LEARNER_PATHS.moduleProgress(trainingId, moduleId)}`, headers: bearer(tokens), payload: body,
  });
  const opened = await report({ event: 'opened' });
  if (opened.statusCode !== 200) throw new Error(`module opened: ${opened.statusCode} ${opened.body}`);
  // every learner's opening of the module: earlier ones stay older than the minimum
  await openedEarlier(app, moduleId, MIN_VIEW_SECONDS);
  const res = await report({ event: 'completed', by: 'time' });
  if (res.statusCode !== 200) throw new Error(`module progress: ${res.statusCode} ${res.body}`);
  return res.json() as { status: string; training_status: string };
}

/** A finished attempt at a test, reported the way the test engine reports its submit. */
export async function finishAttempt(app: FastifyInstance, clientId: number, userId: number, trainingId: number, testId: number, passed: boolean): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom('group_training_test_results').select('attempt_number')
      .where('test_id', '=', testId).where('user_id', '=', userId).orderBy('attempt_number', 'desc').executeTakeFirst();
    const now = new Date();
    await trx.insertInto('group_training_test_results').values({
      test_id: testId, user_id: userId, attempt_number: (previous?.attempt_number ?? 0) + 1, status: 'finished', started_at: now, deadline_at: null,
      finished_at: now, correct_count: passed ? 1 : 0, total_questions: 1, score: passed ? 100 : 0, passed,
    }).execute();
    await trx.insertInto('group_training_enrollments').values({ user_id: userId, group_training_id: trainingId, status: 'ongoing', started_at: now, last_activity_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doNothing()).execute();
    await app.learning.progressChanged({ db: trx, clientId, userId, trainingId, cause: 'test' });
  });
}

export async function restart(app: FastifyInstance, tokens: Tokens, trainingId: number) {
  const res = await app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.restart(trainingId)}`, headers: bearer(tokens) });
  if (res.statusCode !== 200) throw new Error(`restart: ${res.statusCode} ${res.body}`);
}

/** Finishes every module of the training for the learner. */
export async function finishAllModules(app: FastifyInstance, tokens: Tokens, training: PublishedTraining): Promise<void> {
  for (const moduleId of training.modules) await finishModule(app, tokens, training.id, moduleId);
}

export async function certificatesOf(app: FastifyInstance, userId: number, contentType: 'training' | 'trail', contentId: number) {
  return app.db.selectFrom('certificates').selectAll()
    .where('user_id', '=', userId).where('content_type', '=', contentType).where('content_id', '=', contentId)
    .orderBy('id').execute();
}

/**
 * The text a PDF draws: pdfkit writes each line as hex glyph strings (WinAnsi) in TJ arrays inside
 * deflated content streams.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
