import type { FastifyInstance } from 'fastify';
import { CONTENT_STATUS, LEARNER_PATHS } from '@lp/shared/contract';
import { bearer, login, type Tokens } from './helpers.ts';
import { adminWith } from './userFixtures.ts';
import { writeAudience } from '../src/content/audience/index.ts';

/** Fixtures of the learner content suites: learners placed in the organisation, trainings built row by row. */

export interface Learner { id: number; tokens: Tokens }

/** A user of `clientId` with a password and no module item, in the given profile, areas and groups. */
export async function makeLearner(
  app: FastifyInstance, superuser: Tokens, clientId: number,
  place: { profile?: number | null; areas?: number[]; groups?: number[] } = {},
): Promise<Learner> {
  const user = await adminWith(app, superuser, clientId, []);
  await app.db.updateTable('user_clients').set({ profile_id: place.profile ?? null }).where('user_id', '=', user.id).where('client_id', '=', clientId).execute();
  if (place.areas?.length) {
    await app.db.insertInto('user_areas').values(place.areas.map((area_id) => ({ user_id: user.id, client_id: clientId, area_id }))).execute();
  }
  if (place.groups?.length) {
    await app.db.insertInto('user_group_members').values(place.groups.map((group_id) => ({ group_id, user_id: user.id }))).execute();
  }
  return { id: user.id, tokens: user.tokens };
}

export const loginAs = (app: FastifyInstance, email: string, password: string) => login(app, email, password);

export interface TrainingSpec {
  clientId: number;
  title?: string;
  status?: number;
  isOpen?: boolean;
  groups?: number[];
  areas?: number[];
  profiles?: number[];
  mandatoryAreas?: number[];
  mandatoryProfiles?: number[];
  owners?: number[];
  tags?: number[];
  publishedAt?: Date;
  description?: string;
}

let seq = 0;

/** A training written straight to the tables (published unless told), with its audience links. */
export async function makeTraining(app: FastifyInstance, spec: TrainingSpec): Promise<number> {
  seq += 1;
  const now = new Date();
  const status = spec.status ?? CONTENT_STATUS.published;
  const { id } = await app.db.insertInto('group_trainings').values({
    client_id: spec.clientId, title: spec.title ?? `Learner training ${seq}`, description: spec.description ?? '<p>Intro</p>',
    group_training_type_id: 2, score: 10, workload: 1, code: null, unpublish_date: null, qty_certificate_expiration_days: null,
    image_url: null, image_alt_texts: '{}', certificate_image_url: null, status, is_open: spec.isOpen ?? false,
    published_at: status === CONTENT_STATUS.published ? spec.publishedAt ?? new Date(now.getTime() + seq) : null,
    created_by: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeAudience(app.db, 'training', id, {
    user_groups: spec.groups ?? [], areas: spec.areas ?? [], profiles: spec.profiles ?? [], tags: spec.tags ?? [],
    mandatory_areas: spec.mandatoryAreas ?? [], mandatory_profiles: spec.mandatoryProfiles ?? [],
  });
  if (spec.owners?.length) {
    await app.db.insertInto('group_training_owners').values(spec.owners.map((user_id, position) => ({ group_training_id: id, user_id, position }))).execute();
  }
  return id;
}

/** module type ids of the 2026_11_22_0005 lookup */
export const MODULE_TYPE = { video: 1, audio: 2, pdf: 3, scorm: 4, html: 5, powerpoint: 6, file: 7, youtube: 8, vimeo: 9, slideshare: 10 } as const;

export async function makeModule(
  app: FastifyInstance, trainingId: number,
  extra: { title?: string; type?: number; status?: number; avaliable_in?: string | null; resource?: string | null } = {},
): Promise<number> {
  const now = new Date();
  const row = await app.db.insertInto('group_training_modules').values({
    group_training_id: trainingId, title: extra.title ?? 'Aula', module_type_id: extra.type ?? MODULE_TYPE.video, status: extra.status ?? 1,
    avaliable_in: extra.avaliable_in ?? null, resource: extra.resource === undefined ? `trainings/${trainingId}/modules/x/aula.mp4` : extra.resource,
    resource_size: null, resource_name: null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A published test (type id of group_training_test_types) with `questions` single-answer questions. */
export async function makeTest(
  app: FastifyInstance, trainingId: number,
  extra: { type?: number; minimum_score?: number; maximum_attempts?: number; questions?: number; status?: number; avaliable_in?: string | null } = {},
): Promise<number> {
  const now = new Date();
  const test = await app.db.insertInto('group_training_tests').values({
    owner_id: trainingId, title: 'Prova', test_type_id: extra.type ?? 1, status: extra.status ?? 1, avaliable_in: extra.avaliable_in ?? null,
    qty_total_questions: null, minimum_score: extra.minimum_score ?? 1, maximum_attempts: extra.maximum_attempts ?? 0, time_to_answer: null,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < (extra.questions ?? 2); i += 1) {
    const q = await app.db.insertInto('group_training_test_questions').values({ test_id: test.id, title: `<p>Q${i}</p>`, position: i, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    await app.db.insertInto('group_training_test_question_answers').values([
      { question_id: q.id, title: '<p>yes</p>', is_correct: true, position: 0 },
      { question_id: q.id, title: '<p>no</p>', is_correct: false, position: 1 },
    ]).execute();
  }
  return test.id;
}

/** Stores the configure-and-publish order: [slug, id, prerequisite [slug, id] | null]. */
export async function setHierarchy(
  app: FastifyInstance, trainingId: number, items: Array<['module' | 'test' | 'game', number, ['module' | 'test' | 'game', number] | null]>,
): Promise<void> {
  await app.db.deleteFrom('group_training_hierarchy').where('group_training_id', '=', trainingId).execute();
  await app.db.insertInto('group_training_hierarchy').values(items.map(([slug, id, parent], i) => ({
    group_training_id: trainingId, type_slug: slug, type_id: id, hierarchy_order: i + 1, parent_slug: parent?.[0] ?? null, parent_id: parent?.[1] ?? null,
  }))).execute();
}

/** A finished attempt of a test, as the test engine would record it. */
export async function recordAttempt(app: FastifyInstance, testId: number, userId: number, passed: boolean, status: 'finished' | 'in_progress' = 'finished'): Promise<number> {
  const previous = await app.db.selectFrom('group_training_test_results').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('test_id', '=', testId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const now = new Date();
  const row = await app.db.insertInto('group_training_test_results').values({
    test_id: testId, user_id: userId, attempt_number: Number(previous.n) + 1, status, started_at: now, deadline_at: null,
    finished_at: status === 'finished' ? now : null, correct_count: passed ? 2 : 0, total_questions: 2, score: passed ? 100 : 0, passed,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the learner's enrollment finished, as completion (another area) does once every activity is done. */
export async function finishEnrollment(app: FastifyInstance, userId: number, trainingId: number): Promise<void> {
  const now = new Date();
  await app.db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status: 'finished', started_at: now, last_activity_at: now, completed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doUpdateSet({ status: 'finished', completed_at: now }))
    .execute();
}

export async function setEnrollmentStatus(app: FastifyInstance, userId: number, trainingId: number, status: 'ongoing' | 'blocked' | 'finished'): Promise<void> {
  const now = new Date();
  await app.db.insertInto('group_training_enrollments')
    .values({ user_id: userId, group_training_id: trainingId, status, started_at: now, last_activity_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'group_training_id']).doUpdateSet({ status }))
    .execute();
}

/** POST …/modules/{m}/progress/ as the learner's module player does (ModuleProgressBody). */
export function reportProgress(app: FastifyInstance, tokens: Tokens, trainingId: number, moduleId: number, body: object) {
  return app.inject({ method: 'POST', url: `/api${LEARNER_PATHS.moduleProgress(trainingId, moduleId)}`, headers: bearer(tokens), payload: body });
}

/**
 * The learner reads a PDF module through, as its viewer reports it: opened, then every page to the
 * last (shared learning/completion.ts). Answers the last report.
 */
export async function readPdf(app: FastifyInstance, tokens: Tokens, trainingId: number, moduleId: number, pages = 1) {
  const opened = await reportProgress(app, tokens, trainingId, moduleId, { event: 'opened' });
  if (opened.statusCode !== 200) return opened;
  let last = opened;
  for (let page = 1; page <= pages; page += 1) last = await reportProgress(app, tokens, trainingId, moduleId, { event: 'page', page, pages });
  return last;
}

/**
 * Moves the openings of a module back in time — the learner's, or every learner's — as if the
 * content had been shown that much earlier (the server's clock is real): the minimum time of an
 * HTML package or an embed.
 */
export async function openedEarlier(app: FastifyInstance, moduleId: number, seconds: number, userId?: number): Promise<void> {
  let rows = app.db.selectFrom('group_training_module_progress').select(['id', 'opened_at']).where('module_id', '=', moduleId).where('opened_at', 'is not', null);
  if (userId !== undefined) rows = rows.where('user_id', '=', userId);
  for (const row of await rows.execute()) {
    await app.db.updateTable('group_training_module_progress').set({ opened_at: new Date(new Date(row.opened_at!).getTime() - seconds * 1000) })
      .where('id', '=', row.id).execute();
  }
}
