import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListQuery, PODCAST_PATHS, Playlist, PlaylistInput } from '@lp/shared/contract';
import { formErrorCode, validatePlaylist } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { foreignPodcasts, playlistQuery, setPlaylistItems, toPlaylists, playlistRows } from '../../repositories/podcasts.ts';
import { playlistNotFound, podcastAccess } from './common.ts';
import { IdParams } from '../../lib/params.ts';
import { deletePlaylist, insertPlaylist, updatePlaylist } from '../../repositories/podcastAdmin.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['podcast_playlists.title'],
  sortable: { id: 'podcast_playlists.id', title: 'podcast_playlists.title', created_at: 'podcast_playlists.created_at', updated_at: 'podcast_playlists.updated_at' },
  defaultOrdering: 'title',
};

/**
 * Issue 7 item 4 playlists (spec 3 §3 "Podcast": playlists): a title, a description and the
 * client's podcasts in playing order, sent whole on every change (as the trail's modules).
 */
const playlists: FastifyPluginAsyncTypebox = async (app) => {
  const guard = podcastAccess;
  const item = PODCAST_PATHS.playlist(':id');

  async function answer(clientId: number, id: number): Promise<Playlist> {
    const [playlist] = await toPlaylists(app.db, await playlistRows(app.db, clientId, id));
    if (!playlist) throw playlistNotFound();
    return playlist;
  }

  async function checked(clientId: number, body: PlaylistInput) {
    const fields = validatePlaylist(body);
    if (!fields.podcasts && (await foreignPodcasts(app.db, clientId, body.podcasts)).length) fields.podcasts = 'validation_error';
    const code = formErrorCode(fields);
    if (code) throw new HttpError(400, code, 'The playlist is not valid', fields);
    return { title: body.title.trim(), description: body.description?.trim() ?? '', podcasts: body.podcasts };
  }

  app.get(PODCAST_PATHS.playlists, { config: { access: guard.read }, schema: { querystring: ListQuery, response: listResponse(Playlist) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(playlistQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'podcast_playlists', list, await toPlaylists(app.db, rows), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Playlist } } }, async (request) =>
    answer(clientOf(request), request.params.id));

  app.post(PODCAST_PATHS.playlists, {
    config: { access: guard.write }, schema: { body: PlaylistInput, response: { 201: Playlist } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const values = await checked(clientId, request.body);
    const id = await app.db.transaction().execute(async (trx) => {
      const now = new Date();
      const playlistId = await insertPlaylist(trx, {
        client_id: clientId, title: values.title, description: values.description, created_by: authOf(request).user.id, created_at: now, updated_at: now,
      });
      await setPlaylistItems(trx, playlistId, values.podcasts);
      return playlistId;
    });
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(item, {
    config: { access: guard.write }, schema: { params: IdParams, body: PlaylistInput, response: { 200: Playlist } },
  }, async (request) => {
    const clientId = clientOf(request);
    await answer(clientId, request.params.id);
    const values = await checked(clientId, request.body);
    await app.db.transaction().execute(async (trx) => {
      const updated = await updatePlaylist(trx, clientId, request.params.id, { title: values.title, description: values.description, updated_at: new Date() });
      if (!updated) throw playlistNotFound();
      await setPlaylistItems(trx, request.params.id, values.podcasts);
    });
    return answer(clientId, request.params.id);
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 200: Playlist } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(clientId, request.params.id);
    await deletePlaylist(app.db, clientId, before.id);
    return before;
  });
};
export default playlists;
