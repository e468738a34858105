import type { FastifyInstance } from 'fastify';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, login, type Tokens } from './helpers.ts';

/** Fixtures for the users-administration suites: client ids, and admins with chosen module items. */
export interface Clients { demo: number; other: number }

export async function clientIds(app: FastifyInstance): Promise<Clients> {
  const rows = await app.db.selectFrom('clients').select(['id', 'name']).execute();
  return { demo: rows.find((r) => r.name === 'Demo Retail')!.id, other: rows.find((r) => r.name === 'Other Company')!.id };
}

export async function userId(app: FastifyInstance, email: string): Promise<number> {
  return (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

let seq = 0;
/** A fresh valid user body for the demo client (unique e-mail). */
export function newUser(clientId: number, extra: Record<string, unknown> = {}) {
  seq += 1;
  return { full_name: `Test User ${seq}`, email: `user${seq}-${Date.now()}@example.com`, client_ids: [clientId], ...extra };
}

/** Creates a user with a password through the API (as the superuser) and grants module items. */
export async function adminWith(app: FastifyInstance, superuser: Tokens, clientId: number, slugs: string[]): Promise<{ id: number; email: string; tokens: Tokens }> {
  const body = newUser(clientId, { password: 'Admin#Pass1' });
  const res = await app.inject({ method: 'POST', url: '/api/admin_users/users/', headers: bearer(superuser), payload: body });
  if (res.statusCode !== 201) throw new Error(`create admin: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  const perms = await app.inject({
    method: 'PUT', url: `/api/admin_users/users/${id}/permissions/`, headers: bearer(superuser),
    payload: { client_id: clientId, module_items: slugs.map((slug) => ({ slug, permission: true })) },
  });
  if (perms.statusCode !== 200) throw new Error(`grant: ${perms.statusCode} ${perms.body}`);
  return { id, email: body.email, tokens: await login(app, body.email, 'Admin#Pass1') };
}

export const loginSuperuser = (app: FastifyInstance) => login(app, DEMO.superuser.email, DEMO.superuser.password);
