/**
 * Demo online content: global reaction-evaluation models and a few trainings of a
 * client, each with a module, a test with questions, tags and an audience. Idempotent: models
 * and trainings that already exist (by title) are left alone.
 *
 * Issue 5: two of them are for the demo learner (member of the group 'Onboarding 2026'): a
 * closed training with a real video (a small mp4 kept beside this file, copied into the media
 * store) and a conventional test, and one with a block-type test of two attempts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '@lp/shared/contract';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { randomMediaId } from '../lib/mediaStore.ts';
import { mediaKey, type FileStorage } from '../storage/index.ts';

type SeedDb = Kysely<Database>;

/** evaluation_question_types ids (migration 2026_11_22_0005) */
const GRADE = 1;
const STARS = 2;
const TEXT = 3;

export const BASE_EVALUATIONS: Array<{ title: string; questions: Array<[string, number]> }> = [
  {
    title: 'Avaliação de reação padrão',
    questions: [
      ['O conteúdo atendeu às suas expectativas?', GRADE],
      ['Quanto você recomendaria este treinamento a um colega?', GRADE],
      ['Como você avalia a clareza do material?', STARS],
      ['Deixe um comentário ou sugestão', TEXT],
    ],
  },
  {
    title: 'Avaliação rápida',
    questions: [['Como você avalia este treinamento?', STARS], ['O que podemos melhorar?', TEXT]],
  },
  {
    title: 'Avaliação de aplicabilidade',
    questions: [
      ['Você conseguirá aplicar o conteúdo no seu dia a dia?', GRADE],
      ['O tempo do treinamento foi adequado?', GRADE],
      ['Que situação do trabalho este conteúdo vai ajudar a resolver?', TEXT],
    ],
  },
];

async function seedBaseEvaluations(db: SeedDb): Promise<void> {
  const existing = new Set((await db.selectFrom('base_evaluations').select('title').where('client_id', 'is', null).execute()).map((r) => r.title));
  for (const model of BASE_EVALUATIONS) {
    if (existing.has(model.title)) continue;
    const row = await db.insertInto('base_evaluations').values({ client_id: null, title: model.title, status: 1, created_at: new Date() })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('base_evaluation_questions').values(model.questions.map(([title, question_type_id], position) => ({
      base_evaluation_id: row.id, title, question_type_id, position,
    }))).execute();
  }
}

interface DemoTraining {
  title: string;
  description: string;
  status: number;
  type: number;
  score: number;
  workload: number;
  tags: string[];
  areas: string[];
  profiles: string[];
  groups: string[];
  /** `resource`: a stored path or embed; `asset`: a file of ./assets copied into the media store */
  module: { title: string; typeId: number; resource: string } | { title: string; typeId: number; asset: string } | null;
  test: { title: string; typeId: number; minimumScore: number; maximumAttempts?: number; questions: Array<[string, string[]]> };
  evaluation: string | null;
}

/** module type ids: 8 youtube, 3 pdf, 1 video (migration 2026_11_22_0005) */
const DEMO_TRAININGS: DemoTraining[] = [
  {
    title: 'Atendimento ao cliente',
    description: '<p>Como receber, ouvir e <strong>encantar</strong> o cliente na loja.</p>',
    status: CONTENT_STATUS.published, type: 2, score: 100, workload: 2,
    tags: ['Customer experience'], areas: ['Sales', 'Customer service'], profiles: ['Salesperson', 'Cashier'], groups: [],
    module: { title: 'Boas-vindas ao cliente', typeId: 8, resource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    test: {
      title: 'Prova de atendimento', typeId: 1, minimumScore: 2,
      questions: [
        ['<p>Qual é o primeiro passo do atendimento?</p>', ['Cumprimentar o cliente', 'Oferecer um desconto', 'Mostrar o estoque']],
        ['<p>Diante de uma reclamação, você deve…</p>', ['Ouvir com atenção', 'Interromper o cliente', 'Chamar a segurança']],
        ['<p>Ao final da venda, o ideal é…</p>', ['Agradecer e convidar a voltar', 'Encerrar sem falar nada', 'Pedir avaliação no caixa']],
      ],
    },
    evaluation: 'Avaliação de reação padrão',
  },
  {
    title: 'Segurança e conformidade na loja',
    description: '<p>Regras de <em>segurança</em>, prevenção de perdas e conformidade.</p>',
    status: CONTENT_STATUS.unpublished, type: 3, score: 50, workload: 1.5,
    tags: ['Compliance'], areas: [], profiles: [], groups: ['Onboarding 2026'],
    module: { title: 'Manual de conformidade', typeId: 3, resource: 'demo/compliance-manual.pdf' },
    test: {
      title: 'Quiz de conformidade', typeId: 4, minimumScore: 1,
      questions: [
        ['<p>Onde ficam as saídas de emergência?</p>', ['Sinalizadas em toda a loja', 'Somente no estoque']],
        ['<p>Um produto sem etiqueta deve ser…</p>', ['Encaminhado ao gerente', 'Vendido pelo preço estimado']],
      ],
    },
    evaluation: null,
  },
  {
    title: 'Liderança de equipes de loja',
    description: '<p>Feedback, metas e rotina do líder de loja.</p>',
    status: CONTENT_STATUS.published, type: 4, score: 150, workload: 3,
    tags: ['Leadership'], areas: ['Operations'], profiles: ['Store manager', 'Regional manager'], groups: ['Store leaders'],
    module: { title: 'O papel do líder', typeId: 8, resource: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
    test: {
      title: 'Prova de liderança', typeId: 2, minimumScore: 1,
      questions: [
        ['<p>Um bom feedback é…</p>', ['Específico e no momento certo', 'Genérico e anual']],
        ['<p>Metas da equipe devem ser…</p>', ['Claras e mensuráveis', 'Secretas']],
      ],
    },
    evaluation: 'Avaliação rápida',
  },
  // what the demo learner finds in the portal (and the end-to-end suite plays)
  {
    title: 'Boas-vindas à loja',
    description: '<p>Seu primeiro dia: conheça a loja, a equipe e o jeito de <strong>atender</strong>.</p>',
    status: CONTENT_STATUS.published, type: 1, score: 50, workload: 0.5,
    tags: ['Customer experience'], areas: [], profiles: [], groups: ['Onboarding 2026'],
    module: { title: 'Vídeo de boas-vindas', typeId: 1, asset: 'boas-vindas.mp4' },
    test: {
      title: 'Prova de boas-vindas', typeId: 1, minimumScore: 2,
      questions: [
        ['<p>Ao chegar à loja, o primeiro passo é…</p>', ['Apresentar-se ao gerente', 'Ir direto ao caixa', 'Esperar no estoque']],
        ['<p>O uniforme deve ser usado…</p>', ['Durante todo o expediente', 'Só nos fins de semana', 'Só em promoções']],
        ['<p>Dúvidas sobre a rotina devem ser levadas…</p>', ['Ao líder da equipe', 'Às redes sociais', 'A ninguém']],
      ],
    },
    evaluation: 'Avaliação rápida',
  },
  {
    title: 'Segurança na loja',
    description: '<p>Prevenção de acidentes e cuidados com clientes e colegas.</p>',
    status: CONTENT_STATUS.published, type: 3, score: 80, workload: 1,
    tags: ['Compliance'], areas: [], profiles: [], groups: ['Onboarding 2026'],
    module: null,
    test: {
      // spec 2 §4.8 block: two attempts; failing both blocks the learner in the training
      title: 'Prova de segurança', typeId: 2, minimumScore: 2, maximumAttempts: 2,
      questions: [
        ['<p>Ao ver o piso molhado, você deve…</p>', ['Sinalizar e secar', 'Ignorar', 'Avisar só no fim do dia']],
        ['<p>O extintor deve ficar…</p>', ['Desobstruído e sinalizado', 'Atrás das caixas', 'Trancado no escritório']],
        ['<p>Em caso de incêndio, os clientes devem…</p>', ['Sair pelas rotas de fuga', 'Usar o elevador', 'Aguardar no provador']],
      ],
    },
    evaluation: null,
  },
];

const ASSETS = path.resolve(import.meta.dirname, 'assets');

/**
 * Copies a seed asset into the media store as a module's file would be stored
 * (trainings/{id}/modules/{random}/{name}, lib/mediaStore.ts) and records it.
 */
async function storeAsset(db: SeedDb, storage: FileStorage, clientId: number, trainingId: number, name: string, authorId: number) {
  const source = path.join(ASSETS, name);
  const resource = `trainings/${trainingId}/modules/${randomMediaId()}/${name}`;
  await storage.putFile(mediaKey(resource), source);
  const size = fs.statSync(source).size;
  await db.insertInto('media_objects').values({
    id: randomMediaId(), client_id: clientId, resource, source: resource, kind: 'file', scorm_version: null,
    file_name: name, extension: path.extname(name).slice(1).toLowerCase(), size, created_by: authorId, created_at: new Date(),
  }).execute();
  return { resource, size, name };
}

async function idsByName(db: SeedDb, table: 'tags' | 'areas' | 'profiles' | 'user_groups', clientId: number, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  return (await db.selectFrom(table).select('id').where('client_id', '=', clientId).where('name', 'in', names).orderBy('id').execute()).map((r) => r.id);
}

export async function seedTrainings(db: SeedDb, { clientId, authorId, storage }: { clientId: number; authorId: number; storage: FileStorage }): Promise<void> {
  await seedBaseEvaluations(db);
  const existing = new Set((await db.selectFrom('group_trainings').select('title').where('client_id', '=', clientId).execute()).map((r) => r.title));
  for (const demo of DEMO_TRAININGS) {
    if (existing.has(demo.title)) continue;
    const now = new Date();
    const published = demo.status === CONTENT_STATUS.published;
    const { id } = await db.insertInto('group_trainings').values({
      client_id: clientId, title: demo.title, description: demo.description, group_training_type_id: demo.type, score: demo.score,
      workload: demo.workload, code: null, unpublish_date: null, qty_certificate_expiration_days: published ? 365 : null,
      image_url: null, image_alt_texts: '{}', certificate_image_url: null, status: demo.status, is_open: false,
      published_at: published ? now : null, created_by: authorId, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();

    const tags = await idsByName(db, 'tags', clientId, demo.tags);
    const areas = await idsByName(db, 'areas', clientId, demo.areas);
    const profiles = await idsByName(db, 'profiles', clientId, demo.profiles);
    const groups = await idsByName(db, 'user_groups', clientId, demo.groups);
    await writeAudience(db, 'training', id, { tags, areas, profiles, user_groups: groups });
    await db.insertInto('group_training_owners').values({ group_training_id: id, user_id: authorId, position: 0 }).execute();

    let module: { id: number } | null = null;
    if (demo.module) {
      const file = 'asset' in demo.module ? await storeAsset(db, storage, clientId, id, demo.module.asset, authorId) : null;
      module = await db.insertInto('group_training_modules').values({
        group_training_id: id, title: demo.module.title, module_type_id: demo.module.typeId, status: 1, avaliable_in: null,
        resource: file ? file.resource : 'resource' in demo.module ? demo.module.resource : null,
        resource_size: file?.size ?? null, resource_name: file?.name ?? null, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
    }

    const test = await db.insertInto('group_training_tests').values({
      owner_id: id, title: demo.test.title, test_type_id: demo.test.typeId, status: published ? 1 : 2, avaliable_in: null,
      qty_total_questions: null, minimum_score: demo.test.minimumScore,
      maximum_attempts: demo.test.maximumAttempts ?? (demo.test.typeId === 2 ? 3 : 0),
      time_to_answer: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    for (const [position, [title, answers]] of demo.test.questions.entries()) {
      const question = await db.insertInto('group_training_test_questions').values({
        test_id: test.id, title, position, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      // the first alternative is the correct one (spec 2 §5.4: the first added becomes correct)
      await db.insertInto('group_training_test_question_answers').values(answers.map((answer, i) => ({
        question_id: question.id, title: `<p>${answer}</p>`, is_correct: i === 0, position: i,
      }))).execute();
    }

    // configure and publish: the module first, the test after it (spec 2 §3.7)
    await db.insertInto('group_training_hierarchy').values(module
      ? [
        { group_training_id: id, type_slug: 'module', type_id: module.id, hierarchy_order: 1, parent_slug: null, parent_id: null },
        { group_training_id: id, type_slug: 'test', type_id: test.id, hierarchy_order: 2, parent_slug: 'module', parent_id: module.id },
      ]
      : [{ group_training_id: id, type_slug: 'test', type_id: test.id, hierarchy_order: 1, parent_slug: null, parent_id: null }]).execute();

    if (demo.evaluation) {
      const base = await db.selectFrom('base_evaluations').select('id').where('title', '=', demo.evaluation).where('client_id', 'is', null).executeTakeFirst();
      if (base) {
        const evaluation = await db.insertInto('group_training_evaluations').values({
          owner_id: id, title: demo.evaluation, status: 1, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        const questions = await db.selectFrom('base_evaluation_questions').select(['title', 'question_type_id', 'position'])
          .where('base_evaluation_id', '=', base.id).orderBy('position').execute();
        if (questions.length) {
          await db.insertInto('group_training_evaluation_questions')
            .values(questions.map((q) => ({ ...q, evaluation_id: evaluation.id, created_at: now }))).execute();
        }
      }
    }
  }
}
