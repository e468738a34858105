/**
 * The admin's writes to podcasts and playlists of the selected client (spec 3 §2 podcasts);
 * reads and the learner side are in podcasts.ts.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PodcastPlaylistTable, PodcastTable } from '../db/tables/podcast.table.ts';

export async function insertPodcast(db: Db, values: Insertable<PodcastTable>): Promise<number> {
  return (await db.insertInto('podcasts').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the podcast is not the client's. */
export async function updatePodcast(db: Db, clientId: number, id: number, values: Updateable<PodcastTable>): Promise<boolean> {
  const res = await db.updateTable('podcasts').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The podcast with its comments and reactions, which point at it by id only (one table for every
 * origin); false when it is not the client's. Run it in a transaction.
 */
export async function deletePodcast(db: Db, clientId: number, id: number): Promise<boolean> {
  await db.deleteFrom('comments').where('client_id', '=', clientId).where('origin', '=', 'podcast').where('origin_id', '=', id).execute();
  await db.deleteFrom('content_reactions').where('client_id', '=', clientId).where('content_type', '=', 'podcast').where('content_id', '=', id).execute();
  const res = await db.deleteFrom('podcasts').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function insertPlaylist(db: Db, values: Insertable<PodcastPlaylistTable>): Promise<number> {
  return (await db.insertInto('podcast_playlists').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when the playlist is not the client's. */
export async function updatePlaylist(db: Db, clientId: number, id: number, values: Updateable<PodcastPlaylistTable>): Promise<boolean> {
  const res = await db.updateTable('podcast_playlists').set(values).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePlaylist(db: Db, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('podcast_playlists').where('id', '=', id).where('client_id', '=', clientId).execute();
}
