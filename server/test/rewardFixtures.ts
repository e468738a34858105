import type { FastifyInstance } from 'fastify';
import { ADMIN_RESOURCES, LEARNER_REWARD_PATHS, REWARD_PATHS, REWARD_UPLOAD_KINDS } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';
import { png, tusUpload } from './mediaFixtures.ts';

/** Fixtures of the reward suites: reference rows, campaigns, sales and rewards, all through the API. */

export const P = REWARD_PATHS;
export const L = LEARNER_REWARD_PATHS;

export async function call(app: FastifyInstance, tokens: Tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(tokens), ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export async function created(app: FastifyInstance, tokens: Tokens, url: string, payload: unknown): Promise<number> {
  const res = await call(app, tokens, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export const makeBranch = (app: FastifyInstance, su: Tokens, name: string) =>
  created(app, su, ADMIN_RESOURCES.branches.apiPath, { name, code: `${name}-${Date.now()}-${Math.random().toString(16).slice(2, 6)}` });

export interface Catalogue { brand: number; type: number; productA: number; productB: number; productC: number; levels: [number, number, number] }

/** A brand, a product type, three products (A with its own points, B by type, C by brand) and three levels. */
export async function makeCatalogue(app: FastifyInstance, su: Tokens): Promise<Catalogue> {
  const brand = await created(app, su, P.brands, { name: 'Acme' });
  const type = await created(app, su, P.saleProductTypes, { name: 'Televisores' });
  const productA = await created(app, su, P.saleProducts, { product: 'TV 50"', product_code: 'TV50', sku: 'SKU-50', brand_id: brand, product_type_id: type });
  const productB = await created(app, su, P.saleProducts, { product: 'TV 40"', product_code: 'TV40', sku: 'SKU-40', brand_id: brand, product_type_id: type });
  const productC = await created(app, su, P.saleProducts, { product: 'Cabo HDMI', product_code: 'HDMI', sku: 'SKU-H', brand_id: brand, product_type_id: null });
  const levels = [
    await created(app, su, P.levels, { name: 'Bronze' }), await created(app, su, P.levels, { name: 'Prata' }), await created(app, su, P.levels, { name: 'Ouro' }),
  ] as [number, number, number];
  return { brand, type, productA, productB, productC, levels };
}

/** A campaign body: A 100 points a unit, B by its type 30, C by its brand 5; levels 0–99, 100–499, 500+. */
export function campaignBody(c: Catalogue, extra: Record<string, unknown> = {}) {
  return {
    title: 'Campanha de verão', description: 'Venda e ganhe', allows_invoice_registration: true, multiplication_base: 1,
    profiles: [], areas: [], user_groups: [], stores: [],
    levels: [{ level_id: c.levels[0], points_from: 0, points_to: 99 }, { level_id: c.levels[1], points_from: 100, points_to: 499 }, { level_id: c.levels[2], points_from: 500, points_to: null }],
    points_table: [{ target: 'product', target_id: c.productA, points: 100 }, { target: 'product_type', target_id: c.type, points: 30 }, { target: 'brand', target_id: c.brand, points: 5 }],
    ...extra,
  };
}

export async function publishedCampaign(app: FastifyInstance, su: Tokens, c: Catalogue, extra: Record<string, unknown> = {}): Promise<number> {
  const id = await created(app, su, P.campaigns, campaignBody(c, extra));
  const res = await call(app, su, 'POST', P.publish(id));
  if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return id;
}

export async function addPeople(app: FastifyInstance, su: Tokens, campaignId: number, userIds: number[]): Promise<void> {
  const res = await call(app, su, 'POST', P.people(campaignId), { user_ids: userIds });
  if (res.statusCode !== 200) throw new Error(`add people: ${res.statusCode} ${res.body}`);
}

/** The learner reports a sale with an invoice photo; the raw answer. */
export async function reportSale(app: FastifyInstance, learner: Tokens, campaignId: number, invoice: string, products: Array<{ product_id: number; quantity: number }>) {
  const upload = await tusUpload(app, learner, png(), 'nota.png', REWARD_UPLOAD_KINDS.invoice);
  return call(app, learner, 'POST', L.sales(campaignId), { sale_date: '2026-11-20', invoice_number: invoice, retailer: 'Loja Centro', products, invoice_upload: upload });
}

export const requester = {
  name: 'Ana Souza', email: 'ana@example.com',
  phone: { kind: 'mobile', country_code: '55', area_code: '11', number: '988887777' },
  address: { zip_code: '01000-000', street: 'Rua A', number: '100', city: 'São Paulo', state: 'SP', country: 'BR' },
};

export async function makeReward(app: FastifyInstance, su: Tokens, extra: Record<string, unknown> = {}): Promise<number> {
  return created(app, su, P.rewards, { reward_title: 'Fone de ouvido', points_to_aquire: 100, qty_in_stock: 10, ...extra });
}

/** The user's ledger in the campaign summed in the database, beside the balances the API answers. */
export async function ledgerSums(app: FastifyInstance, campaignId: number, userId: number): Promise<{ total_points: number; points_for_use: number }> {
  const rows = await app.db.selectFrom('reward_points_entries').select(['kind', 'points']).where('campaign_id', '=', campaignId).where('user_id', '=', userId).execute();
  return {
    points_for_use: rows.reduce((s, r) => s + r.points, 0),
    total_points: rows.filter((r) => r.kind !== 'redemption' && r.kind !== 'redemption_refund').reduce((s, r) => s + r.points, 0),
  };
}
