import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GAME_PATHS, LEARNER_PATHS, type GameAnswerResult, type GameContent, type GameState, type LearnerGame, type LearnerGamePlay, type LearnerTraining,
} from '@lp/shared/contract';
import { GAME_EXAMPLES, GAME_EXAMPLE_LIST } from '@lp/shared/testing';
import type { ProgressChange } from '../src/plugins/app/learning.ts';
import { DEMO } from '../src/seed/demo.ts';
import { makeGame, solutionOf, wrongAnswerOf } from './gameFixtures.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { MODULE_TYPE, makeLearner, makeModule, makeTraining, readPdf, setHierarchy, type Learner } from './learnerContentFixtures.ts';
import { orgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';

/** Issue 21 "Playing" (spec 3 §4, §5): games as training activities on the learner side. */
describe.each(DIALECTS)('learner games on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let group: number;
  const events: Array<Omit<ProgressChange, 'db'>> = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, (app) => {
      app.learning.onProgress(async ({ db: _db, ...change }) => { events.push(change); });
    });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    group = (await orgIds(t.app, c.demo)).groups['Store leaders']!;
  });
  afterAll(async () => { await t.close(); });

  const newLearner = () => makeLearner(t.app, su, c.demo, { groups: [group] });
  const newTraining = (title: string) => makeTraining(t.app, { clientId: c.demo, title, groups: [group] });
  const call = (method: 'GET' | 'POST', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  async function start(trainingId: number, gameId: number, learner: Learner): Promise<LearnerGamePlay> {
    const res = await call('POST', GAME_PATHS.plays(trainingId, gameId), learner.tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerGamePlay>();
  }
  const answer = (trainingId: number, gameId: number, play: LearnerGamePlay, learner: Learner, step: number, value: object) =>
    call('POST', GAME_PATHS.answers(trainingId, gameId, play.id), learner.tokens, { step, answer: value });
  /** Plays a whole play, answering `wrong` steps wrong; the last answer's result. */
  async function playThrough(trainingId: number, gameId: number, content: GameContent, learner: Learner, wrong: number[] = []): Promise<GameAnswerResult> {
    const play = await start(trainingId, gameId, learner);
    let last: GameAnswerResult | null = null;
    for (let step = 0; step < play.play.steps; step++) {
      const value = wrong.includes(step) ? wrongAnswerOf(content, play.play, step) : solutionOf(content, play.play, step);
      const res = await answer(trainingId, gameId, play, learner, step, value);
      expect(res.statusCode, res.body).toBe(200);
      last = res.json<GameAnswerResult>();
      if (last.finished) break;
    }
    return last!;
  }
  const detail = async (trainingId: number, learner: Learner) => (await call('GET', LEARNER_PATHS.training(trainingId), learner.tokens)).json<LearnerTraining>();

  it('hands out a play without the answers, and reveals a step\'s solution only once answered (issue 21 item 3)', async () => {
    const training = await newTraining('Sem vazamento');
    const learner = await newLearner();
    for (const content of GAME_EXAMPLE_LIST) {
      const game = await makeGame(t.app, training, content);
      const res = await call('POST', GAME_PATHS.plays(training, game), learner.tokens);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.body;
      const play = res.json<LearnerGamePlay>();
      expect(play).toMatchObject({ status: 'playing', answers: [], errors: 0, finished_at: null });
      expect(body).not.toMatch(/"(correct|truth|category|answer|solution)"/);
      if (content.type === 'flashcards') for (const card of content.cards) expect(body).not.toContain(card.answer);
      if (content.type === 'fill_in_the_blanks') expect(body).not.toMatch(/Customer|Monday|\(\(/);
      if (content.type === 'find_the_words') expect(play.play).toMatchObject({ type: 'find_the_words', words: ['SALES', 'STORE', 'PRICE'] });

      // the learner's game: the state and the open play, still without answers
      const got = await call('GET', GAME_PATHS.learner(training, game), learner.tokens);
      expect(got.json<LearnerGame>()).toMatchObject({ id: game, type: content.type, play: { id: play.id }, state: { plays: 0, done: false } });
      expect(got.body).not.toMatch(/"(correct|truth|category|answer)"/);
      // starting again resumes the open play
      expect((await start(training, game, learner)).id).toBe(play.id);

      const right = solutionOf(content, play.play, 0);
      const result = (await answer(training, game, play, learner, 0, right)).json<GameAnswerResult>();
      expect(result).toMatchObject({ step: 0, correct: true, solution: right, errors: 0, answered: 1, finished: play.play.steps === 1 });
      const resumed = (await call('GET', GAME_PATHS.learner(training, game), learner.tokens)).json<LearnerGame>();
      // an open play comes back with its answered steps; a finished one is no longer open
      if (result.finished) expect(resumed).toMatchObject({ play: null, state: { plays: 1, won: true, done: true } });
      else expect(resumed.play?.answers).toEqual([{ step: 0, correct: true, solution: right }]);
    }
  });

  it('records each result: won within the error limit, lost past it, with errors and times (spec 3 §5)', async () => {
    const training = await newTraining('Resultados');
    const learner = await newLearner();
    const limited: GameContent = { ...GAME_EXAMPLES.true_or_false, error_limit: 0 };
    const game = await makeGame(t.app, training, limited);

    const lost = await playThrough(training, game, limited, learner, [0]);
    // one error past a limit of 0 ends the play at once
    expect(lost).toMatchObject({ correct: false, errors: 1, answered: 1, finished: true, won: false, state: { plays: 1, won: false, losses_in_a_row: 1, done: false } });
    const won = await playThrough(training, game, limited, learner);
    expect(won).toMatchObject({ finished: true, won: true, errors: 0, answered: 2, state: { plays: 2, won: true, losses_in_a_row: 0, done: true } });
    const rows = await t.app.db.selectFrom('group_training_game_plays').selectAll().where('user_id', '=', learner.id).where('game_id', '=', game).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.errors, r.answered])).toEqual([['lost', 1, 1], ['won', 0, 2]]);
    for (const r of rows) expect(new Date(r.finished_at!).getTime()).toBeGreaterThanOrEqual(new Date(r.started_at).getTime());

    // unlimited (blank or negative): every error still wins at the end
    const unlimited: GameContent = { ...GAME_EXAMPLES.flashcards, error_limit: -1 };
    const free = await makeGame(t.app, training, unlimited);
    expect(await playThrough(training, free, unlimited, learner, [0, 1])).toMatchObject({ finished: true, won: true, errors: 2 });

    // flashcards are case-insensitive on the server too
    const cards = await makeGame(t.app, training, GAME_EXAMPLES.flashcards);
    const play = await start(training, cards, learner);
    const card = GAME_EXAMPLES.flashcards.cards[play.play.type === 'flashcards' ? play.play.cards[0]!.id : 0]!;
    expect((await answer(training, cards, play, learner, 0, { text: card.answer.toUpperCase() })).json()).toMatchObject({ correct: true });

    // one answer per step; an answer of another shape or a step that does not exist is refused
    const again = await answer(training, cards, play, learner, 0, { text: card.answer });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('answer_already_confirmed');
    expect((await answer(training, cards, play, learner, 1, { truth: true })).json()).toMatchObject({ code: 'invalid_answer' });
    expect((await answer(training, cards, play, learner, 9, { text: 'x' })).statusCode).toBe(400);
    // a finished play takes no more answers
    const finishedPlay = (await t.app.db.selectFrom('group_training_game_plays').select('id').where('game_id', '=', game).where('status', '=', 'won').executeTakeFirstOrThrow()).id;
    const late = await call('POST', GAME_PATHS.answers(training, game, finishedPlay), learner.tokens, { step: 0, answer: { truth: true } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('attempt_already_finished');
  });

  it('lets the learner skip after losing twice in a row, only if the game allows it (spec 3 §4)', async () => {
    const training = await newTraining('Pular');
    const learner = await newLearner();
    const skippable: GameContent = { ...GAME_EXAMPLES.fill_in_the_blanks, error_limit: 0, allow_to_skip_game: true };
    const game = await makeGame(t.app, training, skippable);
    const skip = () => call('POST', GAME_PATHS.skip(training, game), learner.tokens);

    expect((await skip()).json()).toMatchObject({ code: 'game_cannot_be_skipped' });
    expect((await playThrough(training, game, skippable, learner, [0])).state).toMatchObject({ losses_in_a_row: 1, may_skip: false });
    expect((await skip()).statusCode).toBe(403);
    expect((await playThrough(training, game, skippable, learner, [0])).state).toMatchObject({ losses_in_a_row: 2, may_skip: true });
    const skipped = await skip();
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json<GameState>()).toEqual({ plays: 2, won: false, skipped: true, losses_in_a_row: 2, may_skip: false, done: true });
    expect((await detail(training, learner)).activities.find((a) => a.type === 'game')).toMatchObject({ status: 'finished' });

    // a game that does not allow skipping never offers it
    const strict: GameContent = { ...skippable, allow_to_skip_game: false };
    const other = await makeGame(t.app, training, strict);
    await playThrough(training, other, strict, learner, [0]);
    expect((await playThrough(training, other, strict, learner, [0])).state).toMatchObject({ losses_in_a_row: 2, may_skip: false });
    expect((await call('POST', GAME_PATHS.skip(training, other), learner.tokens)).statusCode).toBe(403);
  });

  it('counts toward progress and completion, and holds back what needs it (spec 2 §5.8, §4.6)', async () => {
    const training = await newTraining('Progresso com jogo');
    const module = await makeModule(t.app, training, { title: 'Aula', type: MODULE_TYPE.pdf });
    const content = GAME_EXAMPLES.this_or_that;
    const game = await makeGame(t.app, training, content);
    const after = await makeModule(t.app, training, { title: 'Depois do jogo', type: MODULE_TYPE.pdf });
    await setHierarchy(t.app, training, [['module', module, null], ['game', game, ['module', module]], ['module', after, ['game', game]]]);
    const learner = await newLearner();

    const locked = await call('POST', GAME_PATHS.plays(training, game), learner.tokens);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('activity_locked_prerequisite');
    expect((await call('GET', GAME_PATHS.learner(training, game), learner.tokens)).statusCode).toBe(403);
    expect((await readPdf(t.app, learner.tokens, training, module)).statusCode).toBe(200);

    // a lost play does not finish the game, nor free what follows it
    const strict: GameContent = { ...content, error_limit: 0 };
    await t.app.db.updateTable('group_training_games').set({ config: JSON.stringify(strict) }).where('id', '=', game).execute();
    await playThrough(training, game, strict, learner, [0]);
    let d = await detail(training, learner);
    expect(d.activities.find((a) => a.type === 'game')).toMatchObject({ status: 'ongoing' });
    expect(d.activities.find((a) => a.id === after && a.type === 'module')).toMatchObject({ lock_reason: 'prerequisite' });

    const before = events.length;
    await playThrough(training, game, strict, learner);
    expect(events.slice(before)).toContainEqual({ clientId: c.demo, userId: learner.id, trainingId: training, cause: 'game' });
    d = await detail(training, learner);
    expect(d.activities.find((a) => a.type === 'game')).toMatchObject({ status: 'finished' });
    expect(d.activities.find((a) => a.id === after && a.type === 'module')).toMatchObject({ available: true });
    expect(d.percent).toBe(Math.floor((2 * 100) / 3));
    expect((await readPdf(t.app, learner.tokens, training, after)).statusCode).toBe(200);
    d = await detail(training, learner);
    expect(d).toMatchObject({ status: 'finished', percent: 100 });
    const certificate = await t.app.db.selectFrom('certificates').select('id').where('user_id', '=', learner.id).where('content_id', '=', training).where('content_type', '=', 'training').executeTakeFirst();
    expect(certificate).toBeDefined();

    // restarting the training sets the plays aside: the game is to be played again
    expect((await call('POST', LEARNER_PATHS.restart(training), learner.tokens)).statusCode).toBe(200);
    d = await detail(training, learner);
    expect(d.activities.find((a) => a.type === 'game')).toMatchObject({ status: 'not_started', lock_reason: 'prerequisite' });
    expect((await readPdf(t.app, learner.tokens, training, module)).statusCode).toBe(200);
    expect((await call('GET', GAME_PATHS.learner(training, game), learner.tokens)).json<LearnerGame>().state).toMatchObject({ plays: 0, done: false });
  });

  it('is not found outside the learner\'s trainings: another client, another audience, unpublished games', async () => {
    const training = await newTraining('Fronteiras');
    const game = await makeGame(t.app, training, GAME_EXAMPLES.true_or_false);
    const hidden = await makeGame(t.app, training, GAME_EXAMPLES.true_or_false, { status: 2 });
    const learner = await newLearner();
    const outsider = await makeLearner(t.app, su, c.demo, {});
    const otherClient = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);

    expect((await call('GET', GAME_PATHS.learner(training, game), learner.tokens)).statusCode).toBe(200);
    expect((await call('GET', GAME_PATHS.learner(training, hidden), learner.tokens)).statusCode).toBe(404);
    expect((await call('POST', GAME_PATHS.plays(training, hidden), learner.tokens)).statusCode).toBe(404);
    expect((await call('GET', GAME_PATHS.learner(training, game), outsider.tokens)).statusCode).toBe(404);
    expect((await call('POST', GAME_PATHS.plays(training, game), otherClient)).statusCode).toBe(404);
    // another learner's play is not this learner's
    const play = await start(training, game, learner);
    const other = await newLearner();
    expect((await answer(training, game, play, other, 0, { truth: true })).statusCode).toBe(404);
    // a game id under another training of the learner
    const second = await newTraining('Outro');
    expect((await call('GET', GAME_PATHS.learner(second, game), learner.tokens)).statusCode).toBe(404);
  });

  it('takes one answer per step under simultaneous requests, and keeps the counters true (concurrency)', async () => {
    const training = await newTraining('Concorrência');
    const learner = await newLearner();
    const many: GameContent = {
      ...GAME_EXAMPLES.true_or_false, error_limit: null,
      statements: Array.from({ length: 8 }, (_, i) => ({ text: `Afirmação ${i}`, truth: i % 2 === 0 })),
    };
    const game = await makeGame(t.app, training, many);

    // two starts at once make one open play
    const starts = await Promise.all(Array.from({ length: 6 }, () => call('POST', GAME_PATHS.plays(training, game), learner.tokens)));
    expect(starts.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(starts.map((r) => r.json<LearnerGamePlay>().id)).size).toBe(1);
    const play = starts[0]!.json<LearnerGamePlay>();

    // the same step, ten times at once, half right and half wrong: exactly one counts
    const right = solutionOf(many, play.play, 0);
    const wrong = wrongAnswerOf(many, play.play, 0);
    const same = await Promise.all(Array.from({ length: 10 }, (_, i) => answer(training, game, play, learner, 0, i % 2 ? wrong : right)));
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'answer_already_confirmed')).toBe(true);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(9);

    // every other step at once: each counted once, the play finishes once
    const rest = await Promise.all(Array.from({ length: 7 }, (_, i) => answer(training, game, play, learner, i + 1, wrongAnswerOf(many, play.play, i + 1))));
    expect(rest.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    expect(rest.filter((r) => r.json<GameAnswerResult>().finished)).toHaveLength(1);
    const row = await t.app.db.selectFrom('group_training_game_plays').selectAll().where('id', '=', play.id).executeTakeFirstOrThrow();
    const answers = await t.app.db.selectFrom('group_training_game_play_answers').select(['step', 'correct']).where('play_id', '=', play.id).execute();
    expect(answers).toHaveLength(8);
    expect(row.answered).toBe(8);
    expect(row.errors).toBe(answers.filter((a) => !a.correct).length);
    expect(row.status).toBe('won');
  });

  it('lets the demo learner play the seeded games training', async () => {
    const tokens = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    const list = (await call('GET', `${LEARNER_PATHS.trainings}?page_size=100`, tokens)).json<{ results: Array<{ id: number; title: string }> }>();
    const games = list.results.find((r) => r.title === 'Jogos da loja')!;
    const d = (await call('GET', LEARNER_PATHS.training(games.id), tokens)).json<LearnerTraining>();
    expect(d.activities.map((a) => a.type)).toEqual(Array(8).fill('game'));
    const first = d.activities[0]!;
    const got = await call('GET', GAME_PATHS.learner(games.id, first.id), tokens);
    expect(got.json<LearnerGame>()).toMatchObject({ type: 'fill_in_the_blanks', state: { done: false }, play: null });
  });
});
