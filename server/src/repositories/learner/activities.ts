/**
 * A learner's activities in trainings (spec 2 §3.7, §4.6–4.8, §5.8): which published modules,
 * tests and games count, which of them the learner has done, and — for one training — their
 * hierarchy order, prerequisites and locks with the shared rules of shared/src/learning.
 *
 * Done: a module when its progress is finished; a test per `isTestDone` over its attempts that
 * are over (finished or expired; not those a restart set aside); a game when the learner won a
 * play of it or skipped it after losing twice in a row (spec 3 §4; repositories/learner/games.ts).
 */
import { CONTENT_STATUS } from '@lp/shared/contract';
import {
  FINISHED_ATTEMPT_STATUSES, gameActivityStatus, isTestDone, lockReasonOf, moduleActivityStatus, percentDone, reconcileHierarchy, testActivityStatus,
  type ActivityState,
  type ActivityStatus, type LockReason,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusableQuery.ts';
import type { GroupTrainingModuleProgressRow } from '../../db/tables/learning.table.ts';
import type { OwnedTestResultRow, OwnedTestRow } from '../../content/tables.ts';
import type { GroupTrainingModuleRow } from '../../db/tables/training.table.ts';
import { liveItems, storedHierarchy } from '../trainingHierarchy.ts';
import { gameProgress, wonOrSkippedGames } from './games.ts';

const PUBLISHED = CONTENT_STATUS.published;

/** An attempt that is over and counts (a 'restarted' one no longer does for the learner). */
export const isOver = (status: string): boolean => (FINISHED_ATTEMPT_STATUSES as readonly string[]).includes(status);

export interface ActivityDone {
  /** `${type}:${id}` */
  key: string;
  done: boolean;
}

/**
 * The published activities of each training with whether the user has done them, in three
 * queries whatever the number of trainings (the catalogue's percent and counts).
 */
export async function doneActivities(db: Db, userId: number, trainingIds: readonly number[]): Promise<Map<number, ActivityDone[]>> {
  const out = new Map<number, ActivityDone[]>(trainingIds.map((id) => [id, []]));
  if (trainingIds.length === 0) return out;
  const ids = [...trainingIds];
  const [modules, tests, games] = await Promise.all([
    db.selectFrom('group_training_modules as m')
      .leftJoin('group_training_module_progress as p', (join) => join.onRef('p.module_id', '=', 'm.id').on('p.user_id', '=', userId))
      .select(['m.id', 'm.group_training_id', 'p.status as progress'])
      .where('m.group_training_id', 'in', ids).where('m.status', '=', PUBLISHED)
      .execute(),
    db.selectFrom('group_training_tests as t')
      .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
      .leftJoin('group_training_test_results as r', (join) => join.onRef('r.test_id', '=', 't.id').on('r.user_id', '=', userId).on('r.status', 'in', [...FINISHED_ATTEMPT_STATUSES]))
      .select(['t.id', 't.owner_id', 'tt.slug', 'r.id as result_id', 'r.passed'])
      .where('t.owner_id', 'in', ids).where('t.status', '=', PUBLISHED)
      .execute(),
    db.selectFrom('group_training_games').select(['id', 'group_training_id'])
      .where('group_training_id', 'in', ids).where('status', '=', PUBLISHED)
      .execute(),
  ]);
  for (const m of modules) out.get(m.group_training_id)?.push({ key: `module:${m.id}`, done: m.progress === 'finished' });

  const attempts = new Map<number, { trainingId: number; slug: string; finished: Array<{ passed: boolean }> }>();
  for (const r of tests) {
    let test = attempts.get(r.id);
    if (!test) attempts.set(r.id, test = { trainingId: r.owner_id, slug: r.slug, finished: [] });
    if (r.result_id !== null) test.finished.push({ passed: r.passed === true });
  }
  for (const [id, test] of attempts) out.get(test.trainingId)?.push({ key: `test:${id}`, done: isTestDone(test.slug, test.finished) });
  const played = await gameProgress(db, userId, games.map((g) => g.id));
  for (const g of games) out.get(g.group_training_id)?.push({ key: `game:${g.id}`, done: played.get(g.id)?.done ?? false });
  return out;
}

export interface ModuleActivityData {
  row: GroupTrainingModuleRow;
  /** group_training_module_types slug */
  slug: string;
  useEmbed: boolean;
  /** the package's SCORM version from the media store ('1.2', '2004'), null for other files */
  scormVersion: string | null;
  progress: GroupTrainingModuleProgressRow | null;
}

export interface TestActivityData {
  row: OwnedTestRow;
  /** group_training_test_types slug */
  slug: string;
  questionCount: number;
  /** every attempt of the user, oldest first ('restarted' ones included: filter with `isOver` / COUNTED_ATTEMPT_STATUSES) */
  attempts: OwnedTestResultRow[];
}

/** One activity of a training as the learner meets it. */
export interface TrainingActivity {
  type: 'module' | 'test' | 'game';
  id: number;
  title: string;
  /** 1-based among the learner's activities */
  order: number;
  /** YYYY-MM-DD */
  availableIn: string | null;
  prerequisite: { type: 'module' | 'test' | 'game'; id: number; title: string } | null;
  done: boolean;
  lockReason: LockReason | null;
  status: ActivityStatus;
  module: ModuleActivityData | null;
  test: TestActivityData | null;
}

/**
 * What one training's activities are, the same for every learner of the client: the stored
 * hierarchy, the live items, the published modules (with their package's SCORM version), tests
 * (with their question counts) and games. Kept by the content cache (plugins/app/contentCache.ts).
 */
export async function trainingStructure(db: Db, clientId: number, trainingId: number) {
  const [stored, live, modules, tests, games] = await Promise.all([
    storedHierarchy(db, trainingId),
    liveItems(db, trainingId),
    db.selectFrom('group_training_modules as m')
      .innerJoin('group_training_module_types as mt', 'mt.id', 'm.module_type_id')
      .leftJoin('media_objects as mo', (join) => join.onRef('mo.resource', '=', 'm.resource').on('mo.client_id', '=', clientId))
      .selectAll('m').select(['mt.slug', 'mt.use_embed', 'mo.scorm_version'])
      .where('m.group_training_id', '=', trainingId).where('m.status', '=', PUBLISHED)
      .execute(),
    db.selectFrom('group_training_tests as t')
      .innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
      .selectAll('t').select('tt.slug')
      .select((eb) => eb.selectFrom('group_training_test_questions as q').select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('q.test_id', '=', 't.id').as('question_count'))
      .where('t.owner_id', '=', trainingId).where('t.status', '=', PUBLISHED)
      .execute(),
    db.selectFrom('group_training_games').select(['id', 'title', 'avaliable_in'])
      .where('group_training_id', '=', trainingId).where('status', '=', PUBLISHED)
      .execute(),
  ]);
  return { stored, live, modules, tests, games };
}
export type TrainingStructure = Awaited<ReturnType<typeof trainingStructure>>;

/** The user's own rows in the training, asked on every learner test request: compiled once (db/reusableQuery.ts). */
const moduleProgressOf = reusableQuery((db, userId: number, trainingId: number) => db.selectFrom('group_training_module_progress').selectAll()
  .where('user_id', '=', userId).where('group_training_id', '=', trainingId), [-9401, -9402] as [number, number]);
const attemptsInTraining = reusableQuery((db, userId: number, trainingId: number) => db.selectFrom('group_training_test_results as r')
  .innerJoin('group_training_tests as t', 't.id', 'r.test_id')
  .selectAll('r')
  .where('r.user_id', '=', userId).where('t.owner_id', '=', trainingId)
  .orderBy('r.attempt_number').orderBy('r.id'), [-9411, -9412] as [number, number]);

/**
 * The published activities of one training in hierarchy order (the stored order reconciled with
 * the live items, as the admin's configure-and-publish tab shows it) with the user's state and
 * the lock of each. `blocked`: the learner is blocked in the training (spec 2 §4.8). `structure`:
 * the training's, when the caller has it (the content cache's); read here otherwise.
 */
export async function trainingActivities(
  db: Db, clientId: number, trainingId: number, userId: number, blocked: boolean, today: string, structure?: Readonly<TrainingStructure>,
): Promise<TrainingActivity[]> {
  const [{ stored, live, modules, tests, games }, progress, attempts] = await Promise.all([
    structure ?? trainingStructure(db, clientId, trainingId),
    moduleProgressOf(db, userId, trainingId),
    attemptsInTraining(db, userId, trainingId),
  ]);

  const progressByModule = new Map(progress.map((p) => [p.module_id, p]));
  const attemptsByTest = new Map<number, OwnedTestResultRow[]>();
  for (const a of attempts) {
    const list = attemptsByTest.get(a.test_id);
    if (list) list.push(a);
    else attemptsByTest.set(a.test_id, [a]);
  }

  interface Draft { type: TrainingActivity['type']; id: number; title: string; availableIn: string | null; done: boolean; status: ActivityStatus; module: ModuleActivityData | null; test: TestActivityData | null }
  const drafts = new Map<string, Draft>();
  for (const m of modules) {
    const { slug, use_embed: useEmbed, scorm_version: scormVersion, ...row } = m;
    const p = progressByModule.get(m.id) ?? null;
    drafts.set(`module:${m.id}`, {
      type: 'module', id: m.id, title: m.title, availableIn: m.avaliable_in, done: p?.status === 'finished', status: moduleActivityStatus(p),
      module: { row, slug, useEmbed, scormVersion, progress: p }, test: null,
    });
  }
  for (const t of tests) {
    const { slug, question_count: questionCount, ...row } = t;
    const list = attemptsByTest.get(t.id) ?? [];
    const finished = list.filter((a) => isOver(a.status)).map((a) => ({ passed: a.passed }));
    const done = isTestDone(slug, finished);
    const open = list.some((a) => a.status === 'in_progress');
    drafts.set(`test:${t.id}`, {
      type: 'test', id: t.id, title: t.title, availableIn: t.avaliable_in, done, status: testActivityStatus(done, finished.length, open),
      module: null, test: { row, slug, questionCount: Number(questionCount ?? 0), attempts: list },
    });
  }
  const played = await gameProgress(db, userId, games.map((g) => g.id));
  for (const g of games) {
    const { done, started } = played.get(g.id) ?? { done: false, started: false };
    drafts.set(`game:${g.id}`, {
      type: 'game', id: g.id, title: g.title, availableIn: g.avaliable_in, done, status: gameActivityStatus(done, started),
      module: null, test: null,
    });
  }

  // spec 2 §3.7: the stored order and prerequisites, reconciled with the items that exist now
  const nodes = reconcileHierarchy(stored, live).filter((n) => drafts.has(`${n.type_slug}:${n.type_id}`));
  const states = new Map<string, ActivityState>(nodes.map((n) => {
    const key = `${n.type_slug}:${n.type_id}`;
    const draft = drafts.get(key)!;
    const prerequisite = n.parent_slug && n.parent_id !== null ? `${n.parent_slug}:${n.parent_id}` : null;
    return [key, { key, prerequisite, availableIn: draft.availableIn, done: draft.done }];
  }));
  return nodes.map((n, index): TrainingActivity => {
    const key = `${n.type_slug}:${n.type_id}`;
    const draft = drafts.get(key)!;
    const state = states.get(key)!;
    // a prerequisite that is not published does not hold the learner back, and is not named
    const parent = state.prerequisite ? drafts.get(state.prerequisite) : undefined;
    return {
      ...draft,
      order: index + 1,
      prerequisite: parent ? { type: parent.type, id: parent.id, title: parent.title } : null,
      lockReason: lockReasonOf(state, states, today, blocked),
    };
  });
}

/**
 * The percent done (shared `percentDone`, as the catalogue shows it) of many learners in one
 * training, in four queries whatever their number: the reports' reading of `doneActivities`.
 */
export async function trainingPercents(db: Db, trainingId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  const users = [...new Set(userIds)];
  const out = new Map<number, number>(users.map((id) => [id, 0]));
  if (users.length === 0) return out;
  const [modules, tests, games] = await Promise.all([
    db.selectFrom('group_training_modules').select('id').where('group_training_id', '=', trainingId).where('status', '=', PUBLISHED).execute(),
    db.selectFrom('group_training_tests as t').innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
      .select(['t.id', 'tt.slug']).where('t.owner_id', '=', trainingId).where('t.status', '=', PUBLISHED).execute(),
    db.selectFrom('group_training_games').select('id').where('group_training_id', '=', trainingId).where('status', '=', PUBLISHED).execute(),
  ]);
  const total = modules.length + tests.length + games.length;
  if (total === 0) return out;
  const [finishedModules, attempts, played] = await Promise.all([
    modules.length === 0 ? [] : db.selectFrom('group_training_module_progress').select('user_id')
      .where('user_id', 'in', users).where('module_id', 'in', modules.map((m) => m.id)).where('status', '=', 'finished').execute(),
    tests.length === 0 ? [] : db.selectFrom('group_training_test_results').select(['test_id', 'user_id', 'passed'])
      .where('user_id', 'in', users).where('test_id', 'in', tests.map((t) => t.id)).where('status', 'in', [...FINISHED_ATTEMPT_STATUSES]).execute(),
    games.length === 0 ? new Map<number, Set<number>>() : wonOrSkippedGames(db, users, games.map((g) => g.id)),
  ]);
  const done = new Map<number, number>();
  const add = (userId: number) => done.set(userId, (done.get(userId) ?? 0) + 1);
  for (const m of finishedModules) add(m.user_id);
  const byTestAndUser = new Map<string, Array<{ passed: boolean }>>();
  for (const a of attempts) {
    const key = `${a.test_id}:${a.user_id}`;
    byTestAndUser.set(key, [...(byTestAndUser.get(key) ?? []), { passed: a.passed === true }]);
  }
  for (const test of tests) {
    for (const userId of users) if (isTestDone(test.slug, byTestAndUser.get(`${test.id}:${userId}`) ?? [])) add(userId);
  }
  for (const [userId, gameIds] of played) for (let i = 0; i < gameIds.size; i++) add(userId);
  for (const userId of users) {
    const count = done.get(userId) ?? 0;
    out.set(userId, percentDone(Array.from({ length: total }, (_, i) => ({ done: i < count }))));
  }
  return out;
}
