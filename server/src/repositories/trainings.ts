/**
 * Group trainings (spec 2 §3.1) and what hangs from them: reads in the contract's shape, the
 * basic-data write with its audience links and owners, publication state and the scheduled
 * unpublish. Duplication is in trainingDuplicate.ts, has_done_activities in trainingActivity.ts
 * and the owner autocomplete in ownerSearch.ts. Every function that takes a training id from a
 * request also takes the selected client, so a row of another client is never read or written.
 */
import { sql } from 'kysely';
import { CONTENT_LANGUAGES, trainingFlags, type ContentLanguage, type TrainingClientFlags } from '@lp/shared/rules';
import { CONTENT_STATUS, type ErrorCode, type Training, type TrainingListItem, type TrainingOwner } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { GroupTrainingRow } from '../db/tables/training.table.ts';
import { foreignAudienceIds, readAudience, readAudiences, tagNames, writeAudience } from '../content/audience/index.ts';
import { groupBy } from '../lib/groupBy.ts';
import { trainingsWithDoneActivities } from './trainingActivity.ts';

/** Everything the basic-data form stores, in storage terms (links as id lists). */
export interface TrainingState {
  title: string;
  description: string;
  group_training_type_id: number;
  score: number;
  workload: number;
  code: string | null;
  on_portfolio: boolean;
  portfolio_order: number;
  unpublish_date: string | null;
  qty_certificate_expiration_days: number | null;
  image_url: string | null;
  image_alt_texts: Partial<Record<ContentLanguage, string>>;
  certificate_image_url: string | null;
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  mandatory_areas: number[];
  mandatory_profiles: number[];
  /** user ids, first owner first */
  owners: number[];
}

export async function clientTrainingFlags(db: Db, clientId: number): Promise<TrainingClientFlags> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  return trainingFlags(row?.settings);
}

export async function findTrainingType(db: Db, id: number): Promise<{ id: number; use_score: boolean } | undefined> {
  const row = await db.selectFrom('group_training_types').select(['id', 'use_score']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, use_score: row.use_score };
}

/** The training row of the selected client; deleted ones only when asked for. */
export async function findTraining(db: Db, clientId: number, id: number, { withDeleted = false } = {}): Promise<GroupTrainingRow | undefined> {
  let q = db.selectFrom('group_trainings').selectAll().where('id', '=', id).where('client_id', '=', clientId);
  if (!withDeleted) q = q.where('status', '!=', CONTENT_STATUS.deleted);
  return q.executeTakeFirst();
}

/** The owners of each training, first owner first. */
async function loadOwners(db: Db, ids: number[]): Promise<Map<number, TrainingOwner[]>> {
  if (ids.length === 0) return new Map();
  const owners = await db.selectFrom('group_training_owners').innerJoin('users', 'users.id', 'group_training_owners.user_id')
    .select(['group_training_owners.group_training_id', 'users.id', 'users.full_name', 'users.email'])
    .where('group_training_owners.group_training_id', 'in', ids)
    .orderBy('group_training_owners.position').orderBy('users.id').execute();
  return groupBy(owners, (r) => r.group_training_id, (r) => ({ id: r.id, full_name: r.full_name, email: r.email }));
}

const altTexts = (row: GroupTrainingRow): Partial<Record<ContentLanguage, string>> => {
  const raw = row.image_alt_texts;
  const out: Partial<Record<ContentLanguage, string>> = {};
  for (const language of CONTENT_LANGUAGES) {
    const text = raw[language];
    if (typeof text === 'string' && text.trim()) out[language] = text;
  }
  return out;
};

/** spec 2 §2.1 public link: {host}/online-courses/{id} */
export const trainingPortalUrl = (origin: string, id: number) => `${origin}/online-courses/${id}`;

/** The trainings of the client among `ids`, in the GET P/ shape, in the order of `ids`. */
export async function loadTrainings(db: Db, clientId: number, ids: number[], origin: string): Promise<Training[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('group_trainings').selectAll().where('client_id', '=', clientId).where('id', 'in', ids).execute();
  const [audiences, owners] = await Promise.all([readAudiences(db, 'training', ids), loadOwners(db, ids)]);
  const done = await trainingsWithDoneActivities(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const audience = audiences.get(id)!;
    return [{
      id: r.id,
      title: r.title,
      description: r.description,
      group_training_type: r.group_training_type_id,
      score: r.score,
      workload: Number(r.workload),
      code: r.code,
      tags: audience.tags,
      areas: audience.areas,
      profiles: audience.profiles,
      user_groups: audience.user_groups,
      mandatory_areas: audience.mandatory_areas,
      mandatory_profiles: audience.mandatory_profiles,
      owners_list: owners.get(id) ?? [],
      on_portfolio: r.on_portfolio,
      portfolio_order: r.portfolio_order,
      unpublish_date: r.unpublish_date,
      qty_certificate_expiration_days: r.qty_certificate_expiration_days,
      group_training_images: r.image_url ? [{ original: true, image: r.image_url }] : [],
      group_training_image_alt_text: Object.entries(altTexts(r)).map(([language, alt_text]) => ({ language, alt_text: alt_text! })),
      group_training_certificate_image_url: r.certificate_image_url,
      is_open: r.is_open,
      has_done_activities: done.has(id),
      status: r.status,
      portal_url: trainingPortalUrl(origin, id),
    }];
  });
}

/** The stored values of a training, as the write path merges a request into them. */
export async function trainingState(db: Db, row: GroupTrainingRow): Promise<TrainingState> {
  const [audience, owners] = await Promise.all([readAudience(db, 'training', row.id), loadOwners(db, [row.id])]);
  return {
    title: row.title,
    description: row.description,
    group_training_type_id: row.group_training_type_id,
    score: row.score,
    workload: Number(row.workload),
    code: row.code,
    on_portfolio: row.on_portfolio,
    portfolio_order: row.portfolio_order,
    unpublish_date: row.unpublish_date,
    qty_certificate_expiration_days: row.qty_certificate_expiration_days,
    image_url: row.image_url,
    image_alt_texts: altTexts(row),
    certificate_image_url: row.certificate_image_url,
    ...audience,
    owners: (owners.get(row.id) ?? []).map((o) => o.id),
  };
}

/**
 * References the client does not own (spec: tags, areas, profiles, user groups and owners
 * belong to the selected client). Owners already on the training, and the creator, pass.
 */
export async function foreignReferences(
  db: Db, clientId: number, state: Pick<TrainingState, 'tags' | 'areas' | 'profiles' | 'user_groups' | 'owners'>, allowedOwners: readonly number[],
): Promise<Record<string, ErrorCode>> {
  const fields = await foreignAudienceIds(db, clientId, state);
  const newOwners = [...new Set(state.owners)].filter((id) => !allowedOwners.includes(id));
  if (newOwners.length) {
    const members = await db.selectFrom('user_clients').innerJoin('users', 'users.id', 'user_clients.user_id')
      .select('users.id').where('user_clients.client_id', '=', clientId).where('users.id', 'in', newOwners)
      .where('users.status', '!=', 'deleted').execute();
    if (members.length !== newOwners.length) fields.owners = 'validation_error';
  }
  return fields;
}

function rowValues(state: TrainingState) {
  return {
    title: state.title,
    description: state.description,
    group_training_type_id: state.group_training_type_id,
    score: state.score,
    workload: state.workload,
    code: state.code,
    on_portfolio: state.on_portfolio,
    portfolio_order: state.portfolio_order,
    unpublish_date: state.unpublish_date,
    qty_certificate_expiration_days: state.qty_certificate_expiration_days,
    image_url: state.image_url,
    image_alt_texts: JSON.stringify(state.image_alt_texts),
    certificate_image_url: state.certificate_image_url,
  };
}

/** The owners' user ids, first owner first. */
export async function trainingOwnerIds(db: Db, id: number): Promise<number[]> {
  return ((await loadOwners(db, [id])).get(id) ?? []).map((o) => o.id);
}

/** Replaces the owners of a training, first owner first. */
export async function writeTrainingOwners(db: Db, id: number, owners: readonly number[]): Promise<void> {
  await db.deleteFrom('group_training_owners').where('group_training_id', '=', id).execute();
  const unique = [...new Set(owners)];
  if (unique.length) {
    await db.insertInto('group_training_owners').values(unique.map((user_id, position) => ({ group_training_id: id, user_id, position }))).execute();
  }
}

async function writeLinks(db: Db, id: number, state: TrainingState): Promise<void> {
  await writeAudience(db, 'training', id, state);
  await writeTrainingOwners(db, id, state.owners);
}

/** spec 2 §7.1 create: a new training is unpublished (status 2). */
export async function insertTraining(db: Db, clientId: number, createdBy: number, state: TrainingState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('group_trainings').values({
    client_id: clientId, ...rowValues(state), status: CONTENT_STATUS.unpublished, is_open: false,
    published_at: null, created_by: createdBy, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, row.id, state);
  return row.id;
}

export async function updateTraining(db: Db, clientId: number, id: number, state: TrainingState): Promise<boolean> {
  const res = await db.updateTable('group_trainings').set({ ...rowValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await writeLinks(db, id, state);
  return true;
}

/** Sets the status; publishing stamps published_at the first time. */
export async function setTrainingStatus(db: Db, clientId: number, id: number, status: number): Promise<boolean> {
  const now = new Date();
  const res = await db.updateTable('group_trainings')
    .set({
      status,
      updated_at: now,
      ...(status === CONTENT_STATUS.published ? { published_at: sql<Date>`coalesce(published_at, ${now})` } : {}),
    })
    .where('id', '=', id).where('client_id', '=', clientId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setTrainingOpen(db: Db, clientId: number, id: number, isOpen: boolean): Promise<void> {
  await db.updateTable('group_trainings').set({ is_open: isOpen, updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** spec 2 §4.6: a training needs at least one class (module) or test to be published. */
export async function countActiveModulesAndTests(db: Db, trainingId: number): Promise<number> {
  const [modules, tests] = await Promise.all([
    db.selectFrom('group_training_modules').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_training_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted).executeTakeFirstOrThrow(),
    db.selectFrom('group_training_tests').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', trainingId).where('status', '!=', CONTENT_STATUS.deleted).executeTakeFirstOrThrow(),
  ]);
  return Number(modules.n) + Number(tests.n);
}

/** The list's base query: the client's trainings (deleted ones only through the status filter). */
export function trainingListQuery(db: Db, clientId: number) {
  return db.selectFrom('group_trainings')
    .select(['group_trainings.id', 'group_trainings.title', 'group_trainings.status', 'group_trainings.group_training_type_id',
      'group_trainings.is_open', 'group_trainings.created_at', 'group_trainings.updated_at', 'group_trainings.published_at'])
    .where('group_trainings.client_id', '=', clientId);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof trainingListQuery>['execute']>>[number];

export async function toListItems(db: Db, rows: ListRow[]): Promise<TrainingListItem[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [owners, tags, modules, tests] = await Promise.all([
    loadOwners(db, ids),
    tagNames(db, 'training', ids),
    db.selectFrom('group_training_modules').select((eb) => ['group_training_id', eb.fn.countAll<number>().as('n')])
      .where('group_training_id', 'in', ids).where('status', '!=', CONTENT_STATUS.deleted).groupBy('group_training_id').execute(),
    db.selectFrom('group_training_tests').select((eb) => ['owner_id as group_training_id', eb.fn.countAll<number>().as('n')])
      .where('owner_id', 'in', ids).where('status', '!=', CONTENT_STATUS.deleted).groupBy('owner_id').execute(),
  ]);
  const count = (list: Array<{ group_training_id: number; n: number }>, id: number) => Number(list.find((r) => r.group_training_id === id)?.n ?? 0);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    group_training_type: r.group_training_type_id,
    tags: tags.get(r.id) ?? [],
    is_open: r.is_open,
    qty_modules: count(modules, r.id),
    qty_tests: count(tests, r.id),
    owners_list: owners.get(r.id) ?? [],
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/**
 * spec 2 §4.6 "A training is unpublished automatically on its unpublish_date": every
 * published training whose date is today or earlier (calendar days, UTC). Idempotent.
 */
/**
 * spec 4 "Dates": the editor shows unpublish_date + 1 day, the day the training stops being
 * published; the stored day is its last published day, so it goes once that day has passed.
 */
export async function unpublishDueTrainings(db: Db, today: string): Promise<number> {
  const res = await db.updateTable('group_trainings').set({ status: CONTENT_STATUS.unpublished, updated_at: new Date() })
    .where('status', '=', CONTENT_STATUS.published)
    .where('unpublish_date', 'is not', null)
    .where('unpublish_date', '<', today)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The admin's training list: one status when asked for; otherwise deleted trainings (status 3)
 * stay out unless the list's own status filter asks for them.
 */
export function trainingAdminListQuery(db: Db, clientId: number, narrow: { status?: number; statusFiltered: boolean }) {
  let qb = trainingListQuery(db, clientId);
  if (narrow.status !== undefined) qb = qb.where('group_trainings.status', '=', narrow.status);
  else if (!narrow.statusFiltered) qb = qb.where('group_trainings.status', '!=', CONTENT_STATUS.deleted);
  return qb;
}
