/**
 * Demo data of badges, pages and the feed for Demo Retail: the default badges (and one custom badge the
 * admin awarded the demo learner, which puts it on her profile and the timeline), the legal
 * texts in Portuguese, and one wildcard page for the learner's group. The other client gets its
 * default badges too, so its screen is not empty.
 */
import type { Kysely } from 'kysely';
import { BADGE_STATUS, WILDCARD_STATUS, slugify } from '@lp/shared/rules';
import { writeAudience } from '../content/audience/index.ts';
import type { Database } from '../db/database.ts';
import { awardManually, ensureDefaultBadges } from '../repositories/badges.ts';
import { termsVersion } from '../repositories/consents.ts';

type SeedDb = Kysely<Database>;

export interface PagesBadgesSeed {
  clientId: number;
  otherClientId: number;
  authorId: number;
  learnerId: number;
  /** the user group whose members see the wildcard page */
  groupId: number;
}

const LEGAL_TEXTS_PT: Record<'terms' | 'about' | 'policy' | 'cookies_policy', string> = {
  terms: `<h2>Termos de uso</h2>
<p>Ao acessar a plataforma de treinamentos da Demo Retail, você concorda com estes termos.</p>
<h3>1. Uso da conta</h3>
<p>O acesso é pessoal e intransferível. Mantenha sua senha em sigilo e avise o suporte se suspeitar de uso indevido.</p>
<h3>2. Conteúdos</h3>
<p>Os treinamentos, trilhas, webinars e materiais são de uso exclusivo dos colaboradores e parceiros da rede. Não é permitido copiá-los ou distribuí-los.</p>
<h3>3. Comentários e publicações</h3>
<p>Seja respeitoso. Publicações ofensivas ou que exponham dados de clientes podem ser removidas, e a conta, bloqueada.</p>`,
  about: `<h2>Sobre a Academia Demo Retail</h2>
<p>A Academia Demo Retail reúne os treinamentos das nossas lojas: produtos, atendimento, segurança e liderança.</p>
<p>Aprenda no seu ritmo, conquiste certificados e badges e acompanhe sua evolução na linha do tempo.</p>`,
  policy: `<h2>Política de privacidade</h2>
<p>Tratamos os seus dados pessoais (nome, e-mail, documento, área e perfil) para oferecer os treinamentos, emitir certificados e gerar relatórios de desempenho para a sua empresa.</p>
<p>Você pode pedir a exclusão da sua conta a qualquer momento pelo seu perfil; os dados são anonimizados após a confirmação.</p>`,
  cookies_policy: `<h2>Política de cookies</h2>
<p>Usamos apenas o armazenamento local do navegador para manter a sua sessão e as suas preferências (idioma e filtros). Não usamos cookies de publicidade.</p>`,
};

export async function seedPagesBadges(db: SeedDb, s: PagesBadgesSeed): Promise<void> {
  const now = new Date();
  await ensureDefaultBadges(db, s.clientId, 'pt-br');
  await ensureDefaultBadges(db, s.otherClientId, 'pt-br');
  const custom = await db.insertInto('badges').values({
    client_id: s.clientId, badge_type: 'custom', default_key: null, title: 'Embaixador do atendimento',
    description: 'Reconhecimento da gerência a quem é exemplo no atendimento ao cliente.', image_url: null,
    status: BADGE_STATUS.active, rule_metric: null, rule_threshold: null, created_at: now, updated_at: now,
  }).returning(['id', 'client_id', 'title']).executeTakeFirstOrThrow();
  await awardManually(db, custom, [s.learnerId], s.authorId);

  for (const [kind, content] of Object.entries(LEGAL_TEXTS_PT)) {
    await db.insertInto('legal_texts').values({ client_id: s.clientId, kind, language: 'pt-br', content, updated_by: s.authorId, updated_at: now }).execute();
  }
  // the demo people accepted these terms already (the terms gate asks newcomers and, after an edit, everyone)
  const version = await termsVersion(db, s.clientId);
  const people = await db.selectFrom('user_clients').select('user_id').where('client_id', '=', s.clientId).execute();
  if (version && people.length) {
    await db.insertInto('user_consents').values(people.map((p) => ({
      user_id: p.user_id, client_id: s.clientId, kind: 'terms', version, accepted: true, ip: null, user_agent: null, created_at: now,
    }))).execute();
  }

  const title = 'Política de trocas e devoluções';
  const page = await db.insertInto('wildcard_pages').values({
    client_id: s.clientId, title, slug: slugify(title), status: WILDCARD_STATUS.published, created_by: s.authorId, created_at: now, updated_at: now,
    content: `<h2>${title}</h2>
<p>O cliente pode trocar um produto em até <strong>30 dias</strong> após a compra, com a nota fiscal.</p>
<ul><li>Produtos com defeito: troca imediata ou devolução do valor.</li><li>Arrependimento em compras on-line: até 7 dias.</li><li>Itens de higiene pessoal não são trocados depois de abertos.</li></ul>
<p>Em caso de dúvida, fale com o gerente da loja.</p>`,
  }).returning('id').executeTakeFirstOrThrow();
  await writeAudience(db, 'wildcard_page', page.id, { user_groups: [s.groupId] });
}
