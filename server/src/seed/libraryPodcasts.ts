/**
 * Demo library and podcasts for a client: a category with a small PDF
 * guide, and a podcast with a short real audio (both kept in ./assets and copied into the media
 * store as an upload would be stored), in a playlist. Their audience is the group 'Onboarding
 * 2026', which holds the demo learner. Idempotent: nothing is added when the client already has
 * library categories or podcasts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { LIBRARY_FILE_STATUS, PODCAST_STATUS } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { audioDuration } from '../lib/audioDuration.ts';
import { randomMediaId } from '../lib/mediaStore.ts';
import { mediaKey, type FileStorage } from '../storage/index.ts';

type SeedDb = Kysely<Database>;

const ASSETS = path.resolve(import.meta.dirname, 'assets');

/** Copies an asset to {folder}/{random}/{name} in the media store and records it, as the upload flow does. */
async function storeAsset(db: SeedDb, storage: FileStorage, clientId: number, authorId: number, folder: string, name: string) {
  const resource = `${folder}/${randomMediaId()}/${name}`;
  const target = path.join(ASSETS, name);
  await storage.putFile(mediaKey(resource), target);
  const size = fs.statSync(target).size;
  const extension = path.extname(name).slice(1).toLowerCase();
  await db.insertInto('media_objects').values({
    id: randomMediaId(), client_id: clientId, resource, source: resource, kind: 'file', scorm_version: null,
    file_name: name, extension, size, created_by: authorId, created_at: new Date(),
  }).execute();
  return { resource, size, extension, file: target };
}

async function idByName(db: SeedDb, table: 'tags' | 'user_groups', clientId: number, name: string): Promise<number | null> {
  return (await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('name', '=', name).executeTakeFirst())?.id ?? null;
}

export async function seedLibraryPodcasts(db: SeedDb, { clientId, authorId, storage }: { clientId: number; authorId: number; storage: FileStorage }): Promise<void> {
  const now = new Date();
  const group = await idByName(db, 'user_groups', clientId, 'Onboarding 2026');
  const tag = await idByName(db, 'tags', clientId, 'Customer experience');

  const hasLibrary = await db.selectFrom('library_categories').select('id').where('client_id', '=', clientId).executeTakeFirst();
  if (!hasLibrary) {
    const category = await db.insertInto('library_categories').values({ client_id: clientId, name: 'Manuais', created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const pdf = await storeAsset(db, storage, clientId, authorId, 'library', 'guia-de-atendimento.pdf');
    const file = await db.insertInto('library_files').values({
      client_id: clientId, category_id: category.id, title: 'Guia de atendimento',
      description: 'Os três passos de um bom atendimento na loja.', status: LIBRARY_FILE_STATUS.active, allow_download: true,
      resource: pdf.resource, file_name: 'guia-de-atendimento.pdf', extension: pdf.extension, size: pdf.size,
      created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'library_file', file.id, { user_groups: group ? [group] : [], tags: tag ? [tag] : [] });
  }

  const hasPodcasts = await db.selectFrom('podcasts').select('id').where('client_id', '=', clientId).executeTakeFirst();
  if (!hasPodcasts) {
    const audio = await storeAsset(db, storage, clientId, authorId, 'podcasts/audios', 'podcast-boas-vindas.mp3');
    const podcast = await db.insertInto('podcasts').values({
      client_id: clientId, title: 'Boas-vindas ao time', description: 'Um minuto sobre como a loja recebe quem chega.',
      image_url: null, status: PODCAST_STATUS.published, date_to_unpublish: null, resource: audio.resource,
      file_name: 'podcast-boas-vindas.mp3', extension: audio.extension, size: audio.size,
      duration: (await audioDuration(audio.file, audio.extension)) ?? 0, published_at: now,
      created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'podcast', podcast.id, { user_groups: group ? [group] : [], tags: tag ? [tag] : [] });
    const playlist = await db.insertInto('podcast_playlists').values({
      client_id: clientId, title: 'Primeira semana', description: 'O que ouvir nos primeiros dias.', created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('podcast_playlist_items').values({ playlist_id: playlist.id, podcast_id: podcast.id, position: 1 }).execute();
  }
}
