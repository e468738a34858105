import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CONTENT_STATUS, GAME_PATHS, GameAnswer, GameAnswerResult, GameState, LearnerGame, LearnerGamePlay, gameTypeSlug,
} from '@lp/shared/contract';
import { checkAnswer, isPlayOver, isWon, newGameSeed, playOf } from '@lp/shared/rules';
import type { Db } from '../../../db/database.ts';
import type { GroupTrainingGamePlayRow } from '../../../db/tables/gamePlay.table.ts';
import { HttpError } from '../../../lib/httpError.ts';
import type { LearnerContext } from '../../../repositories/learner/context.ts';
import { learnerActivities } from '../../../repositories/learner/detail.ts';
import {
  findPlay, findPublishedGame, finishPlay, learnerGameState, openOrStartPlay, playAnswers, recordAnswer, recordSkip,
} from '../../../repositories/learner/games.ts';
import { ensureEnrollment, findEnrollment } from '../../../repositories/learner/progress.ts';
import { contextOf, learnerTrainingOr404, lockedError } from './common.ts';

const GameParams = Type.Object({ id: Type.Integer({ minimum: 1 }), gameId: Type.Integer({ minimum: 1 }) });
const PlayParams = Type.Object({ id: Type.Integer({ minimum: 1 }), gameId: Type.Integer({ minimum: 1 }), playId: Type.Integer({ minimum: 1 }) });

const gameNotFound = () => new HttpError(404, 'not_found', 'Game not found');

/**
 * The training's published game the learner may play now: the training in the learner's
 * audience (else 404 "Training not found"), the game published in it (else 404), and no lock
 * (spec 2 §5.8 prerequisite and available-in date, §4.8 blocked learner → 403 with the lock's code).
 */
async function openGame(db: Db, ctx: LearnerContext, trainingId: number, gameId: number) {
  await learnerTrainingOr404(db, ctx, trainingId);
  const game = await findPublishedGame(db, trainingId, gameId, CONTENT_STATUS.published);
  if (!game) throw gameNotFound();
  const enrollment = await findEnrollment(db, ctx.userId, trainingId);
  const activity = (await learnerActivities(db, ctx, trainingId, enrollment?.status === 'blocked')).find((a) => a.type === 'game' && a.id === gameId);
  if (!activity) throw gameNotFound();
  if (activity.lockReason) throw lockedError(activity.lockReason);
  return game;
}

/**
 * A counted play as the learner gets it back: each answered step with its solution revealed.
 * (Plays set aside by a restart are never read here: findPlay and the open play skip them.)
 */
async function toLearnerPlay(db: Db, row: GroupTrainingGamePlayRow): Promise<LearnerGamePlay> {
  const answers = (await playAnswers(db, row.id)).flatMap((a) => {
    const checked = checkAnswer(row.content, row.play, a.step, a.answer);
    return checked ? [{ step: a.step, correct: a.correct, solution: checked.solution }] : [];
  });
  return {
    id: row.id, status: row.status === 'restarted' ? 'lost' : row.status, play: row.play, answers, errors: row.errors,
    started_at: row.started_at, finished_at: row.finished_at,
  };
}

/**
 * Issue 21 "Playing" (spec 3 §4, §5): a game is played as a training activity. The learner gets
 * a play without the answers (shared `playOf`, seeded and stored with the content it was made
 * from); every answer is judged here (shared `checkAnswer`), each step once, the errors counted;
 * the play ends won (within the error limit) or lost; after two losses in a row the learner may
 * skip the game if it allows it. Won or skipped, the game is done for the training's progress and
 * certificate like any activity (app.learning.progressChanged).
 */
const games: FastifyPluginAsyncTypebox = async (app) => {
  app.get(GAME_PATHS.learner(':id', ':gameId'), {
    config: { access: 'authenticated' }, schema: { params: GameParams, response: { 200: LearnerGame } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const game = await openGame(app.db, ctx, request.params.id, request.params.gameId);
    const { state, open } = await learnerGameState(app.db, ctx.userId, game);
    return {
      id: game.id, group_training_id: game.group_training_id, title: game.title, type: gameTypeSlug(game.game_type_id) ?? game.config.type,
      score: Number(game.score), state, play: open && (await toLearnerPlay(app.db, open)),
    };
  });

  app.post(GAME_PATHS.plays(':id', ':gameId'), {
    config: { access: 'authenticated' }, schema: { params: GameParams, response: { 200: LearnerGamePlay } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, gameId } = request.params;
    return app.db.transaction().execute(async (trx) => {
      const game = await openGame(trx, ctx, id, gameId);
      await ensureEnrollment(trx, ctx.userId, id);
      const seed = newGameSeed();
      const row = await openOrStartPlay(trx, { userId: ctx.userId, game, seed, content: game.config, play: playOf(game.config, seed) });
      return toLearnerPlay(trx, row);
    });
  });

  app.post(GAME_PATHS.answers(':id', ':gameId', ':playId'), {
    config: { access: 'authenticated' }, schema: { params: PlayParams, body: GameAnswer, response: { 200: GameAnswerResult } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, gameId, playId } = request.params;
    const { step, answer } = request.body;
    return app.db.transaction().execute(async (trx) => {
      const game = await openGame(trx, ctx, id, gameId);
      const play = await findPlay(trx, ctx.userId, game.id, playId);
      if (!play) throw new HttpError(404, 'not_found', 'Play not found');
      if (play.status !== 'playing') throw new HttpError(409, 'attempt_already_finished', 'This play is already over');
      // judged on the content the play was made from, whatever the admin changed since
      const checked = checkAnswer(play.content, play.play, step, answer);
      if (!checked) throw new HttpError(400, 'invalid_answer', 'This answer does not fit the step');
      const recorded = await recordAnswer(trx, play.id, step, answer, checked.correct);
      if (recorded.kind === 'already_answered') throw new HttpError(409, 'answer_already_confirmed', 'This step is already answered');
      if (recorded.kind === 'play_over') throw new HttpError(409, 'attempt_already_finished', 'This play is already over');
      const limit = play.content.error_limit;
      const finished = isPlayOver(recorded.answered, play.steps, recorded.errors, limit);
      const won = finished ? isWon(recorded.errors, limit) : null;
      if (finished) {
        await finishPlay(trx, play.id, won ? 'won' : 'lost', new Date());
        await app.learning.progressChanged({ db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: id, cause: 'game' });
      }
      const { state } = await learnerGameState(trx, ctx.userId, game);
      return { step, correct: checked.correct, solution: checked.solution, errors: recorded.errors, answered: recorded.answered, finished, won, state };
    });
  });

  app.post(GAME_PATHS.skip(':id', ':gameId'), {
    config: { access: 'authenticated' }, schema: { params: GameParams, response: { 200: GameState } },
  }, async (request) => {
    const ctx = await contextOf(app, request);
    const { id, gameId } = request.params;
    return app.db.transaction().execute(async (trx) => {
      const game = await openGame(trx, ctx, id, gameId);
      const before = await learnerGameState(trx, ctx.userId, game);
      // spec 3 §4: only after losing twice in a row, and only if the game allows it
      if (!before.state.may_skip) throw new HttpError(403, 'game_cannot_be_skipped', 'This game cannot be skipped now');
      await recordSkip(trx, ctx.userId, game, new Date());
      await app.learning.progressChanged({ db: trx, clientId: ctx.clientId, userId: ctx.userId, trainingId: id, cause: 'game' });
      return (await learnerGameState(trx, ctx.userId, game)).state;
    });
  });
};
export default games;
