/**
 * Demo games: a training for the demo learner's group with one game of each of
 * the eight types (spec 3 §1), in hierarchy order. The fill-in-the-blanks game allows one error
 * and skipping (spec 3 §4), so losing it twice and skipping it can be tried. Idempotent: a
 * training that exists (by title) is left alone.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, gameTypeId, type GameContent } from '@lp/shared/contract';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';

const TITLE = 'Jogos da loja';

export const DEMO_GAMES: Array<{ title: string; content: GameContent }> = [
  {
    title: 'Complete as frases do atendimento',
    content: {
      type: 'fill_in_the_blanks', error_limit: 1, allow_to_skip_game: true,
      sentences: ['Cumprimente o ((cliente)) com um sorriso.', 'O estoque é conferido toda ((segunda)).', 'Guarde o comprovante no ((caixa)).'],
    },
  },
  {
    title: 'Arraste as palavras',
    content: {
      type: 'drag_the_words', error_limit: null, allow_to_skip_game: false,
      sentences: ['O ((cliente)) vem ((primeiro)).', 'Confira a ((etiqueta)) de ((preço)).'],
    },
  },
  {
    title: 'Encontre os pares',
    content: {
      type: 'find_the_pairs', error_limit: 2, allow_to_skip_game: true,
      pairs: [{ first: 'Nota fiscal', second: 'Comprovante de venda' }, { first: 'Estoque', second: 'Mercadorias guardadas' }, { first: 'Vitrine', second: 'Exposição de produtos' }],
    },
  },
  {
    title: 'Caça-palavras da loja',
    content: { type: 'find_the_words', error_limit: null, allow_to_skip_game: false, words: ['Venda', 'Cliente', 'Caixa', 'Estoque', 'Preço'], grid_size: null },
  },
  {
    title: 'Cartões de vocabulário',
    content: {
      type: 'flashcards', error_limit: null, allow_to_skip_game: false,
      cards: [{ prompt: 'Onde o cliente paga a compra', answer: 'Caixa' }, { prompt: 'Lugar onde as mercadorias ficam guardadas', answer: 'Estoque' }],
    },
  },
  {
    title: 'Enigma do atendimento',
    content: {
      type: 'enigma', error_limit: 0, allow_to_skip_game: true,
      items: [{
        question: 'Tenho teclas mas não abro portas. Quem sou?', tips: ['Fico perto da tela', 'Você digita em mim'],
        alternatives: ['Teclado', 'Chaveiro', 'Piano', 'Cofre'], correct: 0,
      }],
    },
  },
  {
    title: 'Isto ou aquilo',
    content: {
      type: 'this_or_that', error_limit: null, allow_to_skip_game: false, categories: ['Atitude certa', 'Atitude errada'],
      items: [{ text: 'Ouvir o cliente com atenção', category: 0 }, { text: 'Interromper o cliente', category: 1 }, { text: 'Agradecer a visita', category: 0 }],
    },
  },
  {
    title: 'Verdadeiro ou falso',
    content: {
      type: 'true_or_false', error_limit: null, allow_to_skip_game: false,
      statements: [{ text: 'O uniforme é usado durante todo o expediente', truth: true }, { text: 'Produtos sem etiqueta podem ser vendidos pelo preço estimado', truth: false }],
    },
  },
];

export async function seedGames(db: Kysely<Database>, { clientId, authorId }: { clientId: number; authorId: number }): Promise<void> {
  const exists = await db.selectFrom('group_trainings').select('id').where('client_id', '=', clientId).where('title', '=', TITLE).executeTakeFirst();
  if (exists) return;
  const now = new Date();
  const { id } = await db.insertInto('group_trainings').values({
    client_id: clientId, title: TITLE, description: '<p>Aprenda jogando: oito jogos rápidos sobre o dia a dia da loja.</p>',
    group_training_type_id: 1, score: 30, workload: 0.5, code: null, unpublish_date: null, qty_certificate_expiration_days: 365,
    image_url: null, image_alt_texts: '{}', certificate_image_url: null, status: CONTENT_STATUS.published, is_open: false,
    published_at: now, created_by: authorId, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const groups = (await db.selectFrom('user_groups').select('id').where('client_id', '=', clientId).where('name', '=', 'Onboarding 2026').execute()).map((r) => r.id);
  await writeAudience(db, 'training', id, { tags: [], areas: [], profiles: [], user_groups: groups });
  await db.insertInto('group_training_owners').values({ group_training_id: id, user_id: authorId, position: 0 }).execute();
  for (const [position, game] of DEMO_GAMES.entries()) {
    const row = await db.insertInto('group_training_games').values({
      group_training_id: id, title: game.title, game_type_id: gameTypeId(game.content.type), status: CONTENT_STATUS.published,
      avaliable_in: null, score: 0, config: JSON.stringify(game.content), created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('group_training_hierarchy').values({
      group_training_id: id, type_slug: 'game', type_id: row.id, hierarchy_order: position + 1, parent_slug: null, parent_id: null,
    }).execute();
  }
}
