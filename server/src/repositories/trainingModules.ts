import { sql } from 'kysely';
import { CONTENT_STATUS, type ModuleSearchHit, type TrainingModule } from '@lp/shared/contract';
import { MODULE_SEARCH_MAX, MODULE_SEARCH_MIN, embedUrl, type ModuleTypeInfo } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import type { MediaObjectRow, NewMediaObjectRow } from '../db/tables/media.table.ts';
import type { GroupTrainingModuleRow, GroupTrainingModuleUpdate, NewGroupTrainingModuleRow } from '../db/tables/training.table.ts';
import type { MediaUrls } from '../plugins/app/mediaLinks.ts';

/** spec 2 §3.2 module types (global lookup, seeded by the trainings migration). */
export async function moduleTypes(db: Db): Promise<ModuleTypeInfo[]> {
  const rows = await db.selectFrom('group_training_module_types').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, slug: r.slug, use_embed: r.use_embed }));
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** spec 2 §3.2 read shape; resource_url is the media URL of a file, or the URL an embed points at. */
export function toModule(row: GroupTrainingModuleRow, type: ModuleTypeInfo | undefined, urls: MediaUrls): TrainingModule {
  let resourceUrl: string | null = null;
  if (row.resource) resourceUrl = type?.use_embed ? embedUrl(row.resource) : urls(row.resource);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    group_training_module_type: row.module_type_id,
    qty_views: row.qty_views,
    qty_progress: row.qty_progress,
    avaliable_in: row.avaliable_in,
    module_score: row.module_score,
    resource: row.resource,
    resource_url: resourceUrl,
    resource_name: row.resource_name,
    resource_size: numberOrNull(row.resource_size),
  };
}

/** The training's modules that exist (a deleted module never shows). */
export function moduleListQuery(db: Db, trainingId: number) {
  return db.selectFrom('group_training_modules').selectAll()
    .where('group_training_id', '=', trainingId)
    .where('status', '!=', CONTENT_STATUS.deleted);
}

export async function findModule(db: Db, trainingId: number, id: number): Promise<GroupTrainingModuleRow | undefined> {
  return moduleListQuery(db, trainingId).where('id', '=', id).executeTakeFirst();
}

export async function insertMediaObject(db: Db, row: NewMediaObjectRow): Promise<void> {
  await db.insertInto('media_objects').values(row).execute();
}

/** The stored file behind a module's or material's resource, of this client. */
export async function findMediaObject(db: Db, clientId: number, resource: string): Promise<MediaObjectRow | undefined> {
  return db.selectFrom('media_objects').selectAll().where('client_id', '=', clientId).where('resource', '=', resource).executeTakeFirst();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * spec 2 §2.3 import dialog / §5.11: modules of the client's trainings whose training title or
 * module title contains the text (from 3 characters, at most 25 hits). Deleted ones never show.
 */
export async function searchModules(db: Db, clientId: number, search: string): Promise<ModuleSearchHit[]> {
  const text = search.trim().toLowerCase();
  if (Array.from(text).length < MODULE_SEARCH_MIN) return [];
  const pattern = `%${escapeLike(text)}%`;
  const rows = await db.selectFrom('group_training_modules as m')
    .innerJoin('group_trainings as t', 't.id', 'm.group_training_id')
    .innerJoin('group_training_module_types as mt', 'mt.id', 'm.module_type_id')
    .select(['m.id', 't.title as training_title', 'm.title as module_title', 'mt.id as type_id', 'mt.slug as type_slug', 'mt.use_embed', 'm.resource'])
    .where('t.client_id', '=', clientId)
    .where('t.status', '!=', CONTENT_STATUS.deleted)
    .where('m.status', '!=', CONTENT_STATUS.deleted)
    .where((eb) => eb.or([
      sql<boolean>`lower(${sql.ref('t.title')}) like ${pattern} escape '\\'`,
      sql<boolean>`lower(${sql.ref('m.title')}) like ${pattern} escape '\\'`,
    ]))
    .orderBy('t.title').orderBy('m.title').orderBy('m.id')
    .limit(MODULE_SEARCH_MAX)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    group_training_title: r.training_title,
    group_training_module_title: r.module_title,
    group_training_module_type_id: r.type_id,
    group_training_module_type_slug: r.type_slug,
    group_training_module_type_use_embed: r.use_embed,
    group_training_module_content: r.resource,
  }));
}

/** A module of the client's (live) trainings, for import from database. */
export async function findClientModule(db: Db, clientId: number, id: number): Promise<GroupTrainingModuleRow | undefined> {
  return db.selectFrom('group_training_modules as m')
    .innerJoin('group_trainings as t', 't.id', 'm.group_training_id')
    .selectAll('m')
    .where('m.id', '=', id)
    .where('t.client_id', '=', clientId)
    .where('t.status', '!=', CONTENT_STATUS.deleted)
    .where('m.status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
}

export async function insertModule(db: Db, values: NewGroupTrainingModuleRow): Promise<number> {
  return (await db.insertInto('group_training_modules').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Saves a module of the training that is not deleted; with `counters`, only while its learner
 * counters are still those (spec 2 §4.2: a class that started meanwhile keeps its file). False
 * when nothing was saved.
 */
export async function updateModule(
  db: Db, trainingId: number, id: number, values: GroupTrainingModuleUpdate, counters: { qty_views: number; qty_progress: number } | null,
): Promise<boolean> {
  let update = db.updateTable('group_training_modules').set({ ...values, updated_at: new Date() })
    .where('id', '=', id).where('group_training_id', '=', trainingId)
    .where('status', '!=', CONTENT_STATUS.deleted);
  if (counters) update = update.where('qty_views', '=', counters.qty_views).where('qty_progress', '=', counters.qty_progress);
  const res = await update.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Soft delete (spec 2 §4.2 status 3); false when the module is not the training's or already deleted. */
export async function softDeleteModule(db: Db, trainingId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('group_training_modules').set({ status: CONTENT_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('group_training_id', '=', trainingId)
    .where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
