import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GAME_PATHS, TRAINING_HIERARCHY_PATH, TRAINING_PATHS, gameTypeId, type AdminGame, type GameContent, type GameInput, type GameListItem,
} from '@lp/shared/contract';
import { gameFingerprint, validateGameContent } from '@lp/shared/rules';
import { gameInput } from './gameFixtures.ts';
import { GAME_EXAMPLES, GAME_EXAMPLE_LIST } from '@lp/shared/testing';
import { DEMO } from '../src/seed/demo.ts';
import { DEMO_GAMES } from '../src/seed/games.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { createTraining, orgIds, trainingBody } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';

/** spec 2 §2.3 Games tab, §3.3, §7.1 "Games"; spec 3 §2, §5, §8: the admin's games of a training. */
describe.each(DIALECTS)('training games (admin) on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let manager: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let trainingId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    trainingId = await createTraining(t.app, manager, trainingBody(org, { title: 'Treinamento com jogos' }));
  });
  afterAll(async () => { await t.close(); });

  const list = (id = trainingId) => `${API}${GAME_PATHS.collection(id)}`;
  const item = (gameId: number, id = trainingId) => `${API}${GAME_PATHS.item(id, gameId)}`;
  const send = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object, tokens = manager) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  async function create(content: GameContent, extra: Partial<GameInput> = {}): Promise<AdminGame> {
    const res = await send('POST', list(), gameInput(content, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminGame>();
  }

  it('creates, reads, lists (both envelopes), updates and deletes a game of every type', async () => {
    const created: AdminGame[] = [];
    for (const content of GAME_EXAMPLE_LIST) {
      const game = await create(content, { title: `Jogo ${content.type}`, avaliable_in: '2026-12-01', score: 5 });
      expect(game).toEqual({
        id: expect.any(Number), title: `Jogo ${content.type}`, group_training_game_type: gameTypeId(content.type), status: 1,
        avaliable_in: '2026-12-01', score: 5, content,
      });
      created.push(game);
    }
    const one = created[0]!;
    expect((await send('GET', item(one.id))).json()).toEqual(one);
    // reading needs the title only (spec 2 §6)
    expect((await send('GET', item(one.id), undefined, reader)).statusCode).toBe(200);

    const drf = await send('GET', `${list()}?page=1&page_size=3&ordering=-id`);
    expect(drf.statusCode, drf.body).toBe(200);
    const page = drf.json<{ count: number; results: GameListItem[] }>();
    expect(page.count).toBe(8);
    expect(page.results).toHaveLength(3);
    // spec 2 §3.3: id, title, group_training_game_type (id, slug), status, avaliable_in, score
    expect(page.results[0]).toEqual({
      id: created[7]!.id, title: 'Jogo true_or_false', group_training_game_type: { id: 8, slug: 'true_or_false' }, status: 1, avaliable_in: '2026-12-01', score: 5,
    });
    const simple = await send('GET', `${list()}?range=${encodeURIComponent('[0,1]')}&sort=${encodeURIComponent('["title","ASC"]')}`);
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['content-range']).toMatch(/\/8$/);
    expect(simple.json<GameListItem[]>().map((g) => g.title)).toEqual(['Jogo drag_the_words', 'Jogo enigma']);
    const search = (await send('GET', `${list()}?search=flashcards`)).json<{ results: GameListItem[] }>();
    expect(search.results.map((g) => g.group_training_game_type.slug)).toEqual(['flashcards']);

    const content = { ...GAME_EXAMPLES.drag_the_words, sentences: ['Um ((novo)) texto ((aqui)).'] };
    const updated = await send('PUT', item(one.id), gameInput(content, { title: 'Renomeado', status: 2 }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: one.id, title: 'Renomeado', status: 2, avaliable_in: null, content });

    const removed = await send('DELETE', item(one.id));
    expect(removed.statusCode).toBe(204);
    expect((await send('GET', item(one.id))).statusCode).toBe(404);
    expect((await send('DELETE', item(one.id))).statusCode).toBe(404);
    expect((await send('GET', list())).json().count).toBe(7);
  });

  it('refuses a save without a preview of the current content, and the spec\'s content errors (spec 3 §2, §5, §8)', async () => {
    const content = GAME_EXAMPLES.fill_in_the_blanks;
    const unpreviewed = await send('POST', list(), gameInput(content, { preview_of: '' }));
    expect(unpreviewed.statusCode).toBe(400);
    expect(unpreviewed.json()).toMatchObject({ code: 'you_need_to_preview_the_game_first', fields: { preview_of: 'you_need_to_preview_the_game_first' } });

    const game = await create(content);
    // an edit after the preview needs a new preview
    const edited = { ...content, sentences: [...content.sentences, 'Mais uma ((frase)).'] };
    const stale = await send('PUT', item(game.id), { ...gameInput(edited), preview_of: gameFingerprint(content) });
    expect(stale.json()).toMatchObject({ code: 'you_need_to_preview_the_game_first' });

    const noMarkers = { ...content, sentences: ['Sem palavras especiais.'] };
    const markers = await send('POST', list(), gameInput(noMarkers));
    expect(markers.statusCode).toBe(400);
    expect(markers.json()).toMatchObject({
      code: 'there_are_not_enough_special_words_to_create_the_game',
      fields: { 'content.sentences.0': 'there_are_not_enough_special_words_to_create_the_game' },
    });

    const enigma = { ...GAME_EXAMPLES.enigma, items: [{ question: 'Q', tips: ['a', 'b', 'c', 'd'], alternatives: ['x', 'y'], correct: 0 }] };
    expect((await send('POST', list(), gameInput(enigma))).json()).toMatchObject({
      fields: { 'content.items.0.tips': 'enigma_too_many_tips', 'content.items.0.alternatives': 'enigma_alternatives_out_of_range' },
    });
    const flash = { ...GAME_EXAMPLES.flashcards, cards: [{ prompt: 'Saudação', answer: 'bom dia' }] };
    expect((await send('POST', list(), gameInput(flash))).json()).toMatchObject({ fields: { 'content.cards.0.answer': 'flashcard_answer_single_word' } });

    // the type chosen and the content's type disagree: the spec's game save error
    const mismatch = await send('POST', list(), gameInput(GAME_EXAMPLES.enigma, { group_training_game_type: gameTypeId('flashcards') }));
    expect(mismatch.json()).toMatchObject({ code: 'game_save_error', fields: { group_training_game_type: 'game_save_error' } });
    const blank = await send('POST', list(), gameInput(GAME_EXAMPLES.enigma, { title: '  ' }));
    expect(blank.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { title: 'make_sure_that_all_fields_are_filled_in' } });
    // a body outside the schema is the validator's 400
    expect((await send('POST', list(), { ...gameInput(GAME_EXAMPLES.enigma), content: { type: 'chess' } })).statusCode).toBe(400);
  });

  it('refuses without trainings_manage (403), and another client\'s training or game is not found (404)', async () => {
    const game = await create(GAME_EXAMPLES.true_or_false);
    for (const [method, url, payload] of [
      ['POST', list(), gameInput(GAME_EXAMPLES.true_or_false)], ['PUT', item(game.id), gameInput(GAME_EXAMPLES.true_or_false)], ['DELETE', item(game.id), undefined],
    ] as const) {
      const res = await send(method, url, payload, reader);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await send('GET', item(game.id), undefined, otherAdmin)).statusCode).toBe(404);
    expect((await send('GET', list(), undefined, otherAdmin)).statusCode).toBe(404);
    expect((await send('PUT', item(game.id), gameInput(GAME_EXAMPLES.true_or_false), otherAdmin)).statusCode).toBe(404);
    expect((await send('DELETE', item(game.id), undefined, otherAdmin)).statusCode).toBe(404);
    // a game of another training of the same client is not this training's
    const org = await orgIds(t.app, c.demo);
    const second = await createTraining(t.app, manager, trainingBody(org, { title: 'Outro treinamento' }));
    expect((await send('GET', item(game.id, second))).statusCode).toBe(404);
    expect((await send('DELETE', item(game.id, second))).statusCode).toBe(404);
    expect((await send('GET', item(game.id))).statusCode).toBe(200);
  });

  it('takes part in the hierarchy (spec 2 §3.7) and a duplicate copies the games', async () => {
    const org = await orgIds(t.app, c.demo);
    const id = await createTraining(t.app, manager, trainingBody(org, { title: 'Hierarquia de jogos' }));
    const res = await send('POST', list(id), gameInput(GAME_EXAMPLES.find_the_words, { title: 'Caça', score: 7 }));
    const game = res.json<AdminGame>();
    const hierarchy = (await send('GET', `${API}${TRAINING_HIERARCHY_PATH(id)}`)).json();
    expect(hierarchy).toContainEqual(expect.objectContaining({ type_slug: 'game', type_id: game.id, type_title: 'Caça', type_score: 7 }));

    const copy = await send('GET', `${API}${TRAINING_PATHS.duplicate(id)}`);
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = copy.json().group_training_duplicated_id as number;
    const copied = (await send('GET', list(copyId))).json<{ results: GameListItem[] }>().results;
    expect(copied).toHaveLength(1);
    expect(copied[0]!.id).not.toBe(game.id);
    expect((await send('GET', item(copied[0]!.id, copyId))).json()).toMatchObject({ title: 'Caça', content: GAME_EXAMPLES.find_the_words });
  });

  it('seeds one valid game of each type in the demo training', async () => {
    expect(new Set(DEMO_GAMES.map((g) => g.content.type)).size).toBe(8);
    for (const game of DEMO_GAMES) expect(validateGameContent(game.content), game.title).toEqual({});
    const rows = await t.app.db.selectFrom('group_training_games as g').innerJoin('group_trainings as tr', 'tr.id', 'g.group_training_id')
      .select(['g.game_type_id', 'g.status']).where('tr.title', '=', 'Jogos da loja').where('tr.client_id', '=', c.demo).execute();
    expect(rows.map((r) => r.game_type_id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
