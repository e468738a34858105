/** Duplicating a training with all its contents (spec 2 §4.6). */
import { CONTENT_STATUS } from '@lp/shared/contract';
import { TRAINING_OWNER } from '../content/owners.ts';
import { ownedDb } from '../content/ownedDb.ts';
import { copyOwnedContent } from '../content/repository/copy.ts';
import type { Db } from '../db/database.ts';
import { copyAudience } from '../content/audience/index.ts';
import { findTraining, trainingOwnerIds, writeTrainingOwners } from './trainings.ts';

/**
 * spec 2 §4.6 duplicate: the training and all its contents — modules, games, tests with
 * questions and answers, evaluations with questions, support materials, the hierarchy (ids
 * and prerequisites remapped to the copies), audience links, tags and owners. The copy is
 * unpublished and never published before. Learner data (comments, forum, progress) stays
 * with the original. Stored files are shared by path: uploads are never rewritten in place.
 * Run inside a transaction.
 */
export async function duplicateTraining(db: Db, clientId: number, sourceId: number, userId: number, title: string): Promise<number | null> {
  const source = await findTraining(db, clientId, sourceId);
  if (!source) return null;
  const now = new Date();
  const { id: _id, ...copy } = source;
  const { id: newId } = await db.insertInto('group_trainings').values({
    ...copy, title, status: CONTENT_STATUS.unpublished, published_at: null, created_by: userId, created_at: now, updated_at: now,
    image_alt_texts: JSON.stringify(copy.image_alt_texts),
  }).returning('id').executeTakeFirstOrThrow();
  await copyAudience(db, 'training', sourceId, newId);
  await writeTrainingOwners(db, newId, await trainingOwnerIds(db, sourceId));

  // one insert per row: the id map must pair each copy with its source row on both dialects
  const moduleIds = new Map<number, number>();
  for (const { id, ...m } of await db.selectFrom('group_training_modules').selectAll().where('group_training_id', '=', sourceId).orderBy('id').execute()) {
    const row = await db.insertInto('group_training_modules').values({
      ...m, group_training_id: newId, qty_views: 0, qty_progress: 0, created_at: now, updated_at: now,
      resource_size: m.resource_size === null ? null : Number(m.resource_size),
    }).returning('id').executeTakeFirstOrThrow();
    moduleIds.set(id, row.id);
  }

  const gameIds = new Map<number, number>();
  for (const { id, ...g } of await db.selectFrom('group_training_games').selectAll().where('group_training_id', '=', sourceId).orderBy('id').execute()) {
    const row = await db.insertInto('group_training_games').values({ ...g, group_training_id: newId, config: JSON.stringify(g.config), created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    gameIds.set(id, row.id);
  }

  // tests with questions and alternatives, evaluations with questions, support materials
  const testIds = await copyOwnedContent(ownedDb(db, TRAINING_OWNER), sourceId, newId);

  // spec 2 §3.7: items and prerequisites point at the copies
  const maps: Record<string, Map<number, number>> = { module: moduleIds, test: testIds, game: gameIds };
  const hierarchy = await db.selectFrom('group_training_hierarchy').selectAll().where('group_training_id', '=', sourceId).orderBy('hierarchy_order').execute();
  const remapped = hierarchy.flatMap(({ id: _h, ...h }) => {
    const typeId = maps[h.type_slug]?.get(h.type_id);
    if (typeId === undefined) return [];
    const parentId = h.parent_slug && h.parent_id !== null ? maps[h.parent_slug]?.get(h.parent_id) ?? null : null;
    return [{ ...h, group_training_id: newId, type_id: typeId, parent_id: parentId, parent_slug: parentId === null ? null : h.parent_slug }];
  });
  if (remapped.length) await db.insertInto('group_training_hierarchy').values(remapped).execute();
  return newId;
}
