/**
 * Demo news and FAQ for one client: two published news items for the demo
 * learner's group (one with comments open, one from last week), FAQ categories with questions
 * — some public, shown on the login page, whose public FAQ this seed switches on.
 */
import type { Kysely } from 'kysely';
import { FAQ_STATUS, NEWS_STATUS } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { saveLoginParams } from '../repositories/clients.ts';

type SeedDb = Kysely<Database>;

const DAY = 24 * 60 * 60 * 1000;

const NEWS = [
  {
    title: 'Nova coleção de verão chega às lojas',
    content: '<h2>Chegou a coleção de verão</h2><p>A partir de segunda-feira as lojas recebem a nova coleção. '
      + 'Confira o <strong>guia de exposição</strong> com o seu gerente e prepare a vitrine.</p>'
      + '<ul><li>Treinamento de produto disponível no portal</li><li>Metas da campanha na próxima semana</li></ul>',
    publishedDaysAgo: 1,
    alt: 'Vitrine com a coleção de verão',
  },
  {
    title: 'Resultado da campanha de atendimento',
    content: '<p>Obrigado a todas as equipes! A campanha de atendimento encerrou com <strong>94%</strong> de clientes satisfeitos. '
      + 'Os destaques de cada região serão anunciados na reunião mensal.</p>',
    publishedDaysAgo: 7,
    alt: null,
  },
] as const;

const FAQ: Array<{ category: string; questions: Array<{ question: string; answer: string; isPublic: boolean }> }> = [
  {
    category: 'Acesso ao portal',
    questions: [
      { question: 'Como faço meu primeiro acesso?', answer: '<p>Use o seu e-mail corporativo ou o seu CPF e a senha recebida por e-mail. No primeiro acesso você cadastra uma senha nova.</p>', isPublic: true },
      { question: 'Esqueci minha senha. E agora?', answer: '<p>Na tela de login, clique em <strong>Recuperar senha</strong> e siga o link enviado ao seu e-mail.</p>', isPublic: true },
      { question: 'Quem libera o meu acesso às trilhas da loja?', answer: '<p>O gerente da sua loja, pelo painel de controle. Fale com ele se alguma trilha não aparecer.</p>', isPublic: false },
    ],
  },
  {
    category: 'Certificados',
    questions: [
      { question: 'Onde encontro meus certificados?', answer: '<p>No seu perfil, na aba <em>Certificados</em>. Cada certificado pode ser baixado em PDF.</p>', isPublic: false },
      { question: 'Meu certificado tem validade?', answer: '<p>Alguns treinamentos têm certificado com validade. A data aparece no próprio certificado.</p>', isPublic: true },
    ],
  },
];

export async function seedNewsFaq(db: SeedDb, { clientId, authorId }: { clientId: number; authorId: number }): Promise<void> {
  const existing = await db.selectFrom('news').select('id').where('client_id', '=', clientId).executeTakeFirst();
  if (existing) return;
  const group = await db.selectFrom('user_groups').select('id').where('client_id', '=', clientId).where('name', '=', 'Onboarding 2026').executeTakeFirst();
  const sales = await db.selectFrom('areas').select('id').where('client_id', '=', clientId).where('name', '=', 'Sales').executeTakeFirst();
  const seller = await db.selectFrom('profiles').select('id').where('client_id', '=', clientId).where('name', '=', 'Salesperson').executeTakeFirst();
  const product = await db.selectFrom('tags').select('id').where('client_id', '=', clientId).where('name', '=', 'Product').executeTakeFirst();
  const now = Date.now();
  for (const item of NEWS) {
    const publishedAt = new Date(now - item.publishedDaysAgo * DAY);
    const row = await db.insertInto('news').values({
      client_id: clientId, title: item.title, image_url: null, content: item.content, status: NEWS_STATUS.published,
      timezone: 'America/Sao_Paulo', publish_date: publishedAt, unpublish_date: null,
      image_alt_texts: JSON.stringify(item.alt ? { 'pt-br': item.alt } : {}), created_by: authorId, created_at: publishedAt, updated_at: publishedAt,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'news', row.id, {
      user_groups: group ? [group.id] : [],
      areas: sales && seller ? [sales.id] : [],
      profiles: sales && seller ? [seller.id] : [],
      tags: product ? [product.id] : [],
    });
  }

  let order = 0;
  for (const { category, questions } of FAQ) {
    const cat = await db.insertInto('faq_categories').values({ client_id: clientId, name: category, created_at: new Date() })
      .returning('id').executeTakeFirstOrThrow();
    for (const q of questions) {
      order += 1;
      await db.insertInto('faq_questions').values({
        client_id: clientId, category_id: cat.id, question: q.question, answer: q.answer, is_public: q.isPublic, sort_order: order,
        status: FAQ_STATUS.published, created_at: new Date(), updated_at: new Date(),
      }).execute();
    }
  }
  // spec 1 §2.1: the login page shows the public FAQ when the login configuration says so
  await saveLoginParams(db, { show_public_faq: true });
}
