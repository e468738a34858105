/**
 * Demo webcasts for the demo learner's group "Onboarding 2026": a published
 * browser-streaming webinar scheduled later today (the instructor broadcasts it from the stream
 * tab), and a finished YouTube webinar with a test and a reaction evaluation the learner can
 * take now (spec 2 §2.1: only after the end). Idempotent: webcasts that exist (by title) stay.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '@lp/shared/contract';
import { WEBCAST_STATUS, WEBCAST_TYPE } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';

type SeedDb = Kysely<Database>;

export interface WebcastSeedOptions {
  clientId: number;
  authorId: number;
  /** the seed's clock (tests pass their own) */
  now?: Date;
}

const HOUR_MS = 60 * 60 * 1000;

async function idsByName(db: SeedDb, table: 'tags' | 'user_groups', clientId: number, names: string[]): Promise<number[]> {
  const rows = await db.selectFrom(table).select(['id', 'name']).where('client_id', '=', clientId).where('name', 'in', names).execute();
  return rows.map((r) => r.id);
}

export async function seedWebcasts(db: SeedDb, options: WebcastSeedOptions): Promise<void> {
  const { clientId, authorId } = options;
  const now = options.now ?? new Date();
  const existing = new Set((await db.selectFrom('webcasts').select('title').where('client_id', '=', clientId).execute()).map((r) => r.title));
  const groups = await idsByName(db, 'user_groups', clientId, ['Onboarding 2026']);
  const tags = await idsByName(db, 'tags', clientId, ['Product', 'Customer experience']);

  async function insert(values: {
    title: string; description: string; type: number; embed: string; status: number; at: Date; downloaded?: boolean;
  }): Promise<number | null> {
    if (existing.has(values.title)) return null;
    const row = await db.insertInto('webcasts').values({
      client_id: clientId, title: values.title, description: values.description, webcast_type_id: values.type, embed: values.embed,
      status: values.status, use_chat: true, chat_moderated: true, transmission_date: values.at, timezone: 'America/Sao_Paulo',
      transmission_completed: values.status === WEBCAST_STATUS.finished, transmission_downloaded: values.downloaded ?? false,
      score: 50, workload: 1, code: null, image_url: null, image_alt_texts: '{}', unpublish_date: null, hls_path: null,
      created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'webcast', row.id, { user_groups: groups, tags });
    return row.id;
  }

  // later today, on the hour: the instructor opens the stream tab and goes live
  const later = new Date(Math.ceil((now.getTime() + HOUR_MS) / HOUR_MS) * HOUR_MS);
  await insert({
    title: 'Boas-vindas ao vivo: onboarding 2026',
    description: '<p>Apresentação da equipe e perguntas pelo chat. Transmissão feita pelo navegador.</p>',
    type: WEBCAST_TYPE.browserStreaming, embed: 'none', status: WEBCAST_STATUS.published, at: later,
  });

  const finishedId = await insert({
    title: 'Lançamento da coleção de verão',
    description: '<p>Os destaques da coleção, como apresentá-los ao cliente e as metas da campanha.</p>',
    type: WEBCAST_TYPE.youtube, embed: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', status: WEBCAST_STATUS.finished,
    at: new Date(now.getTime() - 3 * 24 * HOUR_MS),
  });
  if (finishedId === null) return;

  const test = await db.insertInto('webcast_tests').values({
    owner_id: finishedId, title: 'Quiz do lançamento', test_type_id: 1, status: CONTENT_STATUS.published, avaliable_in: null, test_score: 0,
    randomize_questions: true, randomize_answers: true, qty_total_questions: null, minimum_score: 1, maximum_attempts: 0, time_to_answer: null,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const questions: Array<[string, Array<[string, boolean]>]> = [
    ['<p>Qual é o foco da coleção de verão?</p>', [['<p>Peças leves e coloridas</p>', true], ['<p>Casacos de inverno</p>', false], ['<p>Uniformes</p>', false]]],
    ['<p>Quando apresentar a coleção ao cliente?</p>', [['<p>Depois de entender o que ele procura</p>', true], ['<p>Antes do cumprimento</p>', false]]],
  ];
  for (const [position, [title, answers]] of questions.entries()) {
    const q = await db.insertInto('webcast_test_questions').values({
      test_id: test.id, title, is_mandatory: true, position, status: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('webcast_test_question_answers')
      .values(answers.map(([text, correct], i) => ({ question_id: q.id, title: text, is_correct: correct, position: i }))).execute();
  }

  // the reaction evaluation from the first global model (seeded with the trainings)
  const model = await db.selectFrom('base_evaluations').select(['id', 'title']).where('client_id', 'is', null).orderBy('id').executeTakeFirst();
  if (model) {
    const evaluation = await db.insertInto('webcast_evaluations').values({
      owner_id: finishedId, title: model.title, status: CONTENT_STATUS.published, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const modelQuestions = await db.selectFrom('base_evaluation_questions').selectAll().where('base_evaluation_id', '=', model.id).orderBy('position').execute();
    if (modelQuestions.length) {
      await db.insertInto('webcast_evaluation_questions').values(modelQuestions.map((q, position) => ({
        evaluation_id: evaluation.id, title: q.title, question_type_id: q.question_type_id, position, created_at: now,
      }))).execute();
    }
  }
}
