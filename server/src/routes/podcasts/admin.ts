import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  PODCAST_PATHS, PODCAST_UPLOAD_KINDS, Podcast, PodcastImage, PodcastImageInput, PodcastInput, PodcastListQuery, type ErrorCode,
} from '@lp/shared/contract';
import { PODCAST_STATUS, UPLOAD_LIMITS, formErrorCode, hasPermission, validatePodcast, type PodcastValues } from '@lp/shared/rules';
import { registerComments } from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import type { PodcastRow } from '../../db/tables/podcast.table.ts';
import { audioDuration } from '../../lib/audioDuration.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { discardMedia, removeMediaFolder, mediaPath, resourceOfUrl } from '../../lib/mediaStore.ts';
import { foreignAudienceIds, readAudience, writeAudience } from '../../content/audience/index.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { forgetMediaObject, mediaObjectExists } from '../../repositories/mediaObjects.ts';
import { deletePodcast, insertPodcast, updatePodcast } from '../../repositories/podcastAdmin.ts';
import { findPodcast, podcastListQuery, podcastRows, toPodcasts, type PodcastLinks } from '../../repositories/podcasts.ts';
import { commitUpload, prepareUpload, savingUpload, type PreparedUpload } from '../trainings/uploadedFile.ts';
import { PODCASTS_MANAGE, PODCASTS_TITLE, podcastAccess, podcastNotFound } from './common.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['podcasts.title'],
  sortable: {
    id: 'podcasts.id', title: 'podcasts.title', status: 'podcasts.status', duration: 'podcasts.duration',
    date_to_unpublish: 'podcasts.date_to_unpublish', listeners: 'listeners', likes: 'likes', comments: 'comments',
    created_at: 'podcasts.created_at', updated_at: 'podcasts.updated_at',
  },
  defaultOrdering: '-created_at',
  filters: { status: 'podcasts.status' },
};

/** The media folders of podcast audios and images. */
const AUDIO_FOLDER = 'podcasts/audios';
const IMAGE_FOLDER = 'podcasts/images';

interface PodcastState extends PodcastLinks {
  title: string;
  description: string;
  image_url: string | null;
  status: number;
  date_to_unpublish: string | null;
  resource: string;
}

const EMPTY: PodcastState = {
  title: '', description: '', image_url: null, status: PODCAST_STATUS.published, date_to_unpublish: null, resource: '',
  tags: [], areas: [], profiles: [], user_groups: [],
};

const invalid = (code: ErrorCode, fields: Record<string, ErrorCode>, status = 400) => new HttpError(status, code, 'The podcast is not valid', fields);

/**
 * Issue 7 item 4, admin side (/admin/podcasts, title podcasts; writes need podcasts_manage):
 * podcasts with one mp3 or wav audio each (spec 3 §5), sent with tus, whose duration the server
 * reads from the file (lib/audioDuration.ts: WAV chunks, MP3 encoder header or frames — no
 * ffprobe process); title, description, image, tags, audience, status and day to unpublish;
 * and the comments of spec 3 §7 (/admin_podcast/podcasts/{id}/comments/, publish_comment/).
 */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = podcastAccess;
  const item = PODCAST_PATHS.item(':id');
  const canManage = (auth: { subject: Parameters<typeof hasPermission>[0] }) => hasPermission(auth.subject, PODCASTS_MANAGE);

  app.tus.defineKind(PODCAST_UPLOAD_KINDS.audio, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: ['.mp3', '.wav'], allowed: canManage });
  app.tus.defineKind(PODCAST_UPLOAD_KINDS.image, { maxBytes: UPLOAD_LIMITS.generalMaxBytes, extensions: ['.jpg', '.jpeg', '.png'], allowed: canManage });

  registerComments(app, { origin: 'podcast', ownerTable: 'podcasts', title: PODCASTS_TITLE, manageSlug: PODCASTS_MANAGE });

  async function answer(request: FastifyRequest, clientId: number, id: number): Promise<Podcast> {
    const [podcast] = await toPodcasts(app.db, app.mediaUrls(request), await podcastRows(app.db, clientId, id));
    if (!podcast) throw podcastNotFound();
    return podcast;
  }

  async function stateOf(row: PodcastRow): Promise<PodcastState> {
    const links = await readAudience(app.db, 'podcast', row.id);
    return {
      title: row.title, description: row.description, image_url: row.image_url, status: row.status,
      date_to_unpublish: row.date_to_unpublish, resource: row.resource, ...links,
    };
  }

  /** An image is one the images call stored for this client (anything else could point anywhere). */
  async function ownImage(db: Db, clientId: number, url: string): Promise<boolean> {
    const resource = resourceOfUrl(app.config.publicUrl, url);
    if (!resource?.startsWith(`${IMAGE_FOLDER}/`)) return false;
    return mediaObjectExists(db, clientId, resource);
  }

  /**
   * The values to store checked with the shared rule and against the client, and, when the
   * audio changes, the prepared upload with its duration (a file without readable audio is refused).
   */
  async function resolve(request: FastifyRequest, input: PodcastInput, current: PodcastState | null) {
    const clientId = clientOf(request);
    const base = current ?? EMPTY;
    const next: PodcastState = {
      title: input.title?.trim() ?? base.title,
      description: input.description?.trim() ?? base.description,
      image_url: input.image_url !== undefined ? (input.image_url?.trim() || null) : base.image_url,
      status: input.status ?? base.status,
      date_to_unpublish: input.date_to_unpublish !== undefined ? (input.date_to_unpublish?.trim() || null) : base.date_to_unpublish,
      resource: input.resource?.trim() ?? base.resource,
      tags: input.tags ?? base.tags,
      areas: input.areas ?? base.areas,
      profiles: input.profiles ?? base.profiles,
      user_groups: input.user_groups ?? base.user_groups,
    };
    const fields = validatePodcast(next as PodcastValues);
    if (next.image_url && next.image_url !== base.image_url && !(await ownImage(app.db, clientId, next.image_url))) fields.image_url = 'validation_error';
    Object.assign(fields, await foreignAudienceIds(app.db, clientId, next));
    const code = formErrorCode(fields);
    if (code) throw invalid(code, fields);
    if (current && next.resource === current.resource) return { next, audio: null };
    const prepared = await prepareUpload(app, request, next.resource, PODCAST_UPLOAD_KINDS.audio, 'audio', AUDIO_FOLDER);
    const duration = await app.tus.readWith(prepared.upload.id, (file) => audioDuration(file, prepared.media.extension));
    if (duration === null) {
      await discardMedia(app, prepared.media);
      throw invalid('invalid_file_type', { resource: 'invalid_file_type' });
    }
    return { next, audio: { prepared, duration } };
  }

  app.get(PODCAST_PATHS.collection, { config: { access: guard.read }, schema: { querystring: PodcastListQuery, response: listResponse(Podcast) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(podcastListQuery(app.db, clientOf(request), request.query.status), list, LIST_SPEC);
    return sendList(reply, 'podcasts', list, await toPodcasts(app.db, app.mediaUrls(request), rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Podcast } } }, async (request) =>
    answer(request, clientOf(request), request.params.id));

  app.post(PODCAST_PATHS.collection, {
    config: { access: guard.write }, schema: { body: PodcastInput, response: { 201: Podcast } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const { next, audio } = await resolve(request, request.body, null);
    const { prepared, duration } = audio!;
    const id = await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const podcastId = await insertPodcast(trx, {
        client_id: clientId, title: next.title, description: next.description, image_url: next.image_url, status: next.status,
        date_to_unpublish: next.date_to_unpublish, resource: prepared.media.resource, file_name: prepared.media.name,
        extension: prepared.media.extension, size: prepared.media.size, duration,
        published_at: next.status === PODCAST_STATUS.published ? now : null,
        created_by: authOf(request).user.id, created_at: now, updated_at: now,
      });
      await writeAudience(trx, 'podcast', podcastId, next);
      await commitUpload(trx, app, request, prepared);
      return podcastId;
    }));
    return reply.status(201).send(await answer(request, clientId, id));
  });

  app.put(item, {
    config: { access: guard.write }, schema: { params: IdParams, body: PodcastInput, response: { 200: Podcast } },
  }, async (request) => {
    const clientId = clientOf(request);
    const row = await findPodcast(app.db, clientId, request.params.id);
    if (!row) throw podcastNotFound();
    const { next, audio } = await resolve(request, request.body, await stateOf(row));
    const prepared: PreparedUpload | null = audio?.prepared ?? null;
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const updated = await updatePodcast(trx, clientId, row.id, {
        title: next.title, description: next.description, image_url: next.image_url, status: next.status,
        date_to_unpublish: next.date_to_unpublish, updated_at: now,
        // the first publication is the one the portal orders by
        ...(next.status === PODCAST_STATUS.published && !row.published_at ? { published_at: now } : {}),
        ...(audio ? {
          resource: audio.prepared.media.resource, file_name: audio.prepared.media.name, extension: audio.prepared.media.extension,
          size: audio.prepared.media.size, duration: audio.duration,
        } : {}),
      });
      if (!updated) throw podcastNotFound();
      await writeAudience(trx, 'podcast', row.id, next);
      if (audio) await commitUpload(trx, app, request, audio.prepared);
    }));
    if (audio) await removeStored(clientId, row.resource);
    return answer(request, clientId, row.id);
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: Podcast } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(request, clientId, request.params.id);
    await app.db.transaction().execute(async (trx) => {
      if (!(await deletePodcast(trx, clientId, before.id))) throw podcastNotFound();
    });
    await removeStored(clientId, before.resource);
    return before;
  });

  /** POST {upload}: stores a finished image upload (jpg, jpeg, png by content) and answers its URL for image_url. */
  app.post(PODCAST_PATHS.images, {
    config: { access: guard.write }, schema: { body: PodcastImageInput, response: { 201: PodcastImage } },
  }, async (request, reply) => {
    const prepared = await prepareUpload(app, request, request.body.upload, PODCAST_UPLOAD_KINDS.image, 'image', IMAGE_FOLDER);
    await savingUpload(app, prepared, () => app.db.transaction().execute((trx) => commitUpload(trx, app, request, prepared)));
    return reply.status(201).send({ image_url: mediaPath(prepared.media.resource) });
  });

  async function removeStored(clientId: number, resource: string): Promise<void> {
    await forgetMediaObject(app.db, clientId, resource);
    await removeMediaFolder(app.storage, resource);
  }
};
export default admin;
