/** Support materials of an owner (spec 2 §3.6, §5.7), on an owner kind's own table (OwnedDb). */
import { CONTENT_STATUS, type TrainingMaterial } from '@lp/shared/contract';
import type { MediaUrls } from '../../plugins/app/mediaLinks.ts';
import type { OwnedDb } from '../ownedDb.ts';
import type { OwnedMaterialRow } from '../tables.ts';

/** The stored file of a material, as the media store answers it. */
export interface MaterialFile {
  resource: string;
  name: string;
  extension: string;
  size: number;
}

/** A material on the learner's page (LearnerTraining / LearnerWebcast `materials`). */
export interface LearnerMaterial {
  id: number;
  title: string;
  extension: string | null;
  size: number | null;
  resource_url: string;
}

export interface MaterialValues {
  title: string;
  status: number;
}

export function toMaterial(row: OwnedMaterialRow, urls: MediaUrls): TrainingMaterial {
  return {
    id: row.id,
    title: row.title,
    extension: row.extension ?? '',
    size: Number(row.size ?? 0),
    status: row.status,
    resource: row.resource,
    resource_url: row.resource ? urls(row.resource) : null,
    resource_name: row.resource_name,
  };
}

/** The owner's materials that are not deleted. */
export function materialListQuery(db: OwnedDb, ownerId: number) {
  return db.selectFrom('owned_materials').selectAll()
    .where('owner_id', '=', ownerId)
    .where('status', '!=', CONTENT_STATUS.deleted);
}

export async function findMaterial(db: OwnedDb, ownerId: number, id: number): Promise<OwnedMaterialRow | undefined> {
  return materialListQuery(db, ownerId).where('id', '=', id).executeTakeFirst();
}

export async function insertMaterial(db: OwnedDb, ownerId: number, values: MaterialValues, file: MaterialFile): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('owned_materials').values({
    owner_id: ownerId, title: values.title, status: values.status,
    resource: file.resource, resource_name: file.name, extension: file.extension, size: file.size, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Title, status and (when given) a new file of a live material; false when it is gone. */
export async function updateMaterial(db: OwnedDb, ownerId: number, id: number, values: MaterialValues, file: MaterialFile | null): Promise<boolean> {
  const res = await db.updateTable('owned_materials').set({
    title: values.title,
    status: values.status,
    ...(file ? { resource: file.resource, resource_name: file.name, extension: file.extension, size: file.size } : {}),
    updated_at: new Date(),
  }).where('id', '=', id).where('owner_id', '=', ownerId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Soft delete (spec 2 §4.1 status 3): the material leaves every list. False when it is gone. */
export async function softDeleteMaterial(db: OwnedDb, ownerId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('owned_materials').set({ status: CONTENT_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('owner_id', '=', ownerId).where('status', '!=', CONTENT_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** spec 2 §2.1: the published materials with a file, as the learner's page lists them. */
export async function publishedMaterials(db: OwnedDb, ownerId: number, urls: MediaUrls): Promise<LearnerMaterial[]> {
  const rows = await db.selectFrom('owned_materials').select(['id', 'title', 'extension', 'size', 'resource'])
    .where('owner_id', '=', ownerId).where('status', '=', CONTENT_STATUS.published).where('resource', 'is not', null)
    .orderBy('id').execute();
  return rows.map((m) => ({
    id: m.id, title: m.title, extension: m.extension, size: m.size === null ? null : Number(m.size), resource_url: urls(m.resource!),
  }));
}
