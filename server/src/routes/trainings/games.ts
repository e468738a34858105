import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AdminGame, GAME_PATHS, GameInput, GameListItem, ListQuery, gameTypeSlug, NoContent } from '@lp/shared/contract';
import { formErrorCode, validateGameInput } from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import {
  findGame, gameListQuery, insertGame, softDeleteGame, toAdminGame, toGameListItem, updateGame, type GameValues,
} from '../../repositories/trainingGames.ts';
import { trainingAccess, trainingOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['title'],
  sortable: {
    id: 'id', title: 'title', status: 'status', avaliable_in: 'avaliable_in', score: 'score',
    group_training_game_type: 'game_type_id', created_at: 'created_at',
  },
  defaultOrdering: 'id',
  filters: { status: 'status', group_training_game_type: 'game_type_id' },
};

const GameParams = Type.Object({ id: Type.Integer({ minimum: 1 }), gameId: Type.Integer({ minimum: 1 }) });

/**
 * The shared rules on a save (spec 3 §5, §8): the content's own rules, the type matching the
 * content, and the preview of this very content (spec 3 §2 "mandatory preview before saving").
 */
function valuesOf(input: GameInput): GameValues {
  const fields = validateGameInput(input, gameTypeSlug(input.group_training_game_type));
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The game is not valid', fields);
  return {
    title: input.title.trim(), game_type_id: input.group_training_game_type, status: input.status, avaliable_in: input.avaliable_in,
    score: input.score, content: input.content,
  };
}

/** spec 2 §2.3 Games tab and §7.1 "Games" (list, delete), with read, create and update for the spec 3 game editor. */
const games: FastifyPluginAsyncTypebox = async (app) => {
  const guard = trainingAccess();
  const collection = GAME_PATHS.collection(':id');
  const item = GAME_PATHS.item(':id', ':gameId');

  app.get(collection, {
    config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(GameListItem) },
  }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(gameListQuery(app.db, training.id), list, LIST_SPEC);
    return sendList(reply, 'group_training_games', list, rows.map(toGameListItem), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: GameParams, response: { 200: AdminGame } } }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const row = await findGame(app.db, training.id, request.params.gameId);
    if (!row) throw notFound();
    return toAdminGame(row);
  });

  app.post(collection, {
    config: { access: guard.write }, schema: { params: IdParams, body: GameInput, response: { 201: AdminGame } },
  }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const id = await insertGame(app.db, training.id, valuesOf(request.body));
    return reply.status(201).send(toAdminGame((await findGame(app.db, training.id, id))!));
  });

  app.put(item, {
    config: { access: guard.write }, schema: { params: GameParams, body: GameInput, response: { 200: AdminGame } },
  }, async (request) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    const values = valuesOf(request.body);
    if (!(await updateGame(app.db, training.id, request.params.gameId, values))) throw notFound();
    return toAdminGame((await findGame(app.db, training.id, request.params.gameId))!);
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: GameParams, response: { 204: NoContent } } }, async (request, reply) => {
    const training = await trainingOr404(app.db, request, request.params.id);
    if (!(await softDeleteGame(app.db, training.id, request.params.gameId))) throw notFound();
    return reply.status(204).send();
  });
};
export default games;
