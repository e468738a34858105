import type { FastifyInstance } from 'fastify';
import { TRAINING_PATHS } from '@lp/shared/contract';
import { bearer, type Tokens } from './helpers.ts';

/** Ids of the demo client's organisation rows by name (seed/demo.ts). */
export async function orgIds(app: FastifyInstance, clientId: number) {
  const byName = async (table: 'tags' | 'areas' | 'profiles' | 'user_groups') =>
    Object.fromEntries((await app.db.selectFrom(table).select(['id', 'name']).where('client_id', '=', clientId).execute()).map((r) => [r.name, r.id])) as Record<string, number>;
  return { tags: await byName('tags'), areas: await byName('areas'), profiles: await byName('profiles'), groups: await byName('user_groups') };
}

export type OrgIds = Awaited<ReturnType<typeof orgIds>>;

/** A complete, valid §7.1 write body for the demo client. */
export function trainingBody(org: OrgIds, extra: Record<string, unknown> = {}) {
  return {
    title: 'Vendas consultivas',
    description: '<p>Como <strong>entender</strong> o cliente</p>',
    group_training_type: 2,
    score: 120,
    workload: 2.5,
    tags: [org.tags.Product!],
    areas: [org.areas.Sales!],
    profiles: [org.profiles.Salesperson!],
    owners: [],
    on_portfolio: false,
    group_training_images: 'https://cdn.example.com/training.png',
    group_training_image_alt_texts: { 'pt-br': 'Capa', 'en-us': 'Cover', 'es-es': '', 'fr-fr': '' },
    qty_certificate_expiration_days: 365,
    ...extra,
  };
}

/** POST with an x-www-form-urlencoded body (the spec's "form" calls). */
export function postForm(app: FastifyInstance, url: string, tokens: Tokens, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST', url, payload: new URLSearchParams(fields).toString(),
    headers: { ...bearer(tokens), 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function createTraining(app: FastifyInstance, tokens: Tokens, body: Record<string, unknown>): Promise<number> {
  const res = await app.inject({ method: 'POST', url: `/api${TRAINING_PATHS.collection}`, headers: bearer(tokens), payload: body });
  if (res.statusCode !== 201) throw new Error(`create training: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

export async function addModule(app: FastifyInstance, trainingId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const now = new Date();
  const row = await app.db.insertInto('group_training_modules').values({
    group_training_id: trainingId, title: 'Aula 1', module_type_id: 8, status: 1, avaliable_in: null,
    resource: 'https://www.youtube.com/watch?v=x', resource_size: null, resource_name: null, created_at: now, updated_at: now, ...extra,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Merges keys into a client's settings JSON (client parameters of spec 2 §3.1). */
export async function setClientSettings(app: FastifyInstance, clientId: number, patch: Record<string, unknown>): Promise<void> {
  const row = await app.db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirstOrThrow();
  const settings = { ...row.settings, ...patch };
  await app.db.updateTable('clients').set({ settings: JSON.stringify(settings) }).where('id', '=', clientId).execute();
}
