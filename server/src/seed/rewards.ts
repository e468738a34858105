/**
 * Demo reward campaign in Demo Retail (issue 18 item 10): the reference lists, three sale
 * products, three levels, one published campaign with a points table (by product, type and
 * brand) whose audience is a group of the demo learner, the learner on it with a sale in each
 * state (awaiting approval, approved, reproved — its credit reversed), a small catalog (one
 * reward with redemption codes) and two orders (one pending, one delivered with its timeline).
 * Written through the repositories, so every point is a ledger entry. Idempotent: nothing is
 * added when the campaign exists.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertCampaign } from '../repositories/rewards/campaigns.ts';
import { addCodes, findReward, insertReward } from '../repositories/rewards/catalog.ts';
import { findOrder, moveOrder, redeem } from '../repositories/rewards/orders.ts';
import { addPerson } from '../repositories/rewards/people.ts';
import { auditSale, findSale, insertSale } from '../repositories/rewards/sales.ts';

type SeedDb = Kysely<Database>;

export interface RewardSeedOptions {
  clientId: number;
  adminId: number;
  learnerId: number;
  /** the campaign's audience: a group the learner is in */
  groupId: number;
}

export const DEMO_CAMPAIGN_TITLE = 'Campanha Vendas de Verão';

const REQUESTER = {
  name: 'Lia Learner', email: 'learner@demo.local',
  phone: { kind: 'mobile' as const, country_code: '55', area_code: '11', number: '988887777' },
  address: { zip_code: '01310-100', street: 'Av. Paulista', number: '1000', city: 'São Paulo', state: 'SP', country: 'BR' },
};

export async function seedRewards(db: SeedDb, options: RewardSeedOptions): Promise<void> {
  const { clientId, adminId, learnerId, groupId } = options;
  if (await db.selectFrom('reward_campaigns').select('id').where('client_id', '=', clientId).where('title', '=', DEMO_CAMPAIGN_TITLE).executeTakeFirst()) return;
  const named = async (table: 'reward_categories' | 'reward_departments' | 'reward_brands' | 'reward_sale_product_types' | 'reward_upload_file_types' | 'reward_levels' | 'reward_types', name: string) =>
    (await db.insertInto(table).values({ client_id: clientId, name }).returning('id').executeTakeFirstOrThrow()).id;

  const brand = await named('reward_brands', 'Acme');
  const tvs = await named('reward_sale_product_types', 'Televisores');
  await named('reward_upload_file_types', 'Vitrine');
  await named('reward_upload_file_types', 'Ponto de venda');
  const electronics = await named('reward_categories', 'Eletrônicos');
  const experiences = await named('reward_categories', 'Experiências');
  const marketing = await named('reward_departments', 'Marketing');
  const physical = await named('reward_types', 'Produto físico');
  const voucher = await named('reward_types', 'Vale-presente');
  const levels = [await named('reward_levels', 'Bronze'), await named('reward_levels', 'Prata'), await named('reward_levels', 'Ouro')];
  for (const text of ['Nota fiscal ilegível', 'Produto fora da campanha', 'Nota duplicada']) {
    await db.insertInto('reward_audit_justifications').values({ client_id: clientId, kind: 'sale', text }).execute();
  }
  await db.insertInto('reward_audit_justifications').values({ client_id: clientId, kind: 'file', text: 'Foto sem a vitrine completa' }).execute();
  const product = async (name: string, code: string, type: number | null) =>
    (await db.insertInto('reward_sale_products').values({ client_id: clientId, product: name, product_code: code, sku: `SKU-${code}`, brand_id: brand, product_type_id: type })
      .returning('id').executeTakeFirstOrThrow()).id;
  const tv55 = await product('Smart TV 55"', 'TV55', tvs);
  const tv43 = await product('Smart TV 43"', 'TV43', tvs);
  const cable = await product('Cabo HDMI 2m', 'HDMI2', null);

  const campaign = await insertCampaign(db, clientId, {
    title: DEMO_CAMPAIGN_TITLE,
    description: 'Registre suas vendas de televisores Acme com a nota fiscal e troque seus pontos por prêmios do catálogo.',
    allows_invoice_registration: true, multiplication_base: 1, start_date: '2026-11-01', end_date: '2027-02-28',
    email_points_available: 'Seus pontos da campanha foram creditados e já podem ser trocados no catálogo.',
    email_end_of_campaign: 'A campanha terminou. Obrigado pela participação!',
    areas: [], profiles: [], user_groups: [groupId], stores: [],
    levels: [{ level_id: levels[0]!, points_from: 0, points_to: 499 }, { level_id: levels[1]!, points_from: 500, points_to: 1499 }, { level_id: levels[2]!, points_from: 1500, points_to: null }],
    points_table: [{ target: 'product', target_id: tv55, points: 300 }, { target: 'product_type', target_id: tvs, points: 150 }, { target: 'brand', target_id: brand, points: 10 }],
  });
  await db.updateTable('reward_campaigns').set({ status: 'published', published_at: new Date() }).where('id', '=', campaign).execute();
  await addPerson(db, clientId, campaign, learnerId, adminId);

  const sale = (invoice: string, products: Array<{ product_id: number; quantity: number }>) => insertSale(db, {
    clientId, campaignId: campaign, multiplicationBase: 1, userId: learnerId, sale_date: '2026-11-20', invoice_number: invoice, branch_id: null,
    retailer: 'Loja Demo Centro', products, invoiceResource: null,
  });
  const audit = async (id: number, to: 'approved' | 'reproved', justification = '') => {
    const row = (await findSale(db, clientId, id))!;
    await auditSale(db, row, { to, justificationId: null, justification, observation: '', auditorId: adminId }, justification);
  };
  const approved = await sale('000101', [{ product_id: tv55, quantity: 2 }, { product_id: cable, quantity: 3 }]);
  await audit(approved.id, 'approved');
  await sale('000102', [{ product_id: tv43, quantity: 1 }]);
  const reproved = await sale('000103', [{ product_id: tv55, quantity: 1 }]);
  await audit(reproved.id, 'reproved', 'Nota fiscal ilegível');

  const headphones = await insertReward(db, clientId, {
    reward_title: 'Fone de ouvido Bluetooth', points_to_aquire: 200, qty_in_stock: 15, category_id: electronics, department_id: marketing, brand_id: brand,
    reward_type_id: physical, is_featured: true, sku: 'FONE-BT', supplier_name: 'Acme Distribuidora', description: 'Fone sem fio com estojo de carga.',
  });
  const giftCard = await insertReward(db, clientId, {
    reward_title: 'Vale-presente R$ 50', points_to_aquire: 150, qty_in_stock: 20, category_id: experiences, reward_type_id: voucher, uses_redeem_codes: true,
    purchase_limit_quantity: 2, redemption_link: 'https://example.com/resgate', redeem_instructions: 'Use o código no site do parceiro.',
  });
  await insertReward(db, clientId, { reward_title: 'Caixa de som portátil', points_to_aquire: 900, qty_in_stock: 5, category_id: electronics, brand_id: brand, reward_type_id: physical });
  await addCodes(db, (await findReward(db, clientId, giftCard))!, ['VALE-0001', 'VALE-0002', 'VALE-0003', 'VALE-0004']);

  await redeem(db, { clientId, campaignId: campaign, userId: learnerId, reward: (await findReward(db, clientId, giftCard))!, quantity: 1, requester: REQUESTER });
  const delivered = await redeem(db, { clientId, campaignId: campaign, userId: learnerId, reward: (await findReward(db, clientId, headphones))!, quantity: 1, requester: REQUESTER });
  for (const [to, comment] of [['approved', 'Pedido aprovado'], ['shipped', 'Enviado pelos Correios: BR123456789'], ['delivered', 'Entregue na loja']] as const) {
    await moveOrder(db, (await findOrder(db, clientId, delivered))!, to, comment, adminId);
  }
}
