import { expect, type APIRequestContext, type Locator, type Page } from './test.ts';
import { apiToken } from './support.ts';

/** Fixtures of the face-to-face journeys (issues 16 and 17), made through the admin API as the demo admin. */

export const ADMIN = { email: 'admin@demo.local', password: 'Admin#2026!' };
export const PASSWORD = 'Presencial#2026';
export const F = '/api/admin_presential/';
export const A = (id: number) => `${F}appointments/${id}/`;

export interface AdminApi {
  headers: { authorization: string };
  /** Demo Retail, the demo admin's selected client */
  demo: number;
  json<T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T>;
}

export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN.email, ADMIN.password)}` };
  const session = await (await request.get('/api/users/session/', { headers })).json() as { user_clients: Array<{ id: number; name: string }> };
  const demo = session.user_clients.find((c) => c.name === 'Demo Retail')!.id;
  return {
    headers,
    demo,
    async json<T>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
      const res = await request.fetch(url, { method, headers, ...(data !== undefined ? { data } : {}) });
      expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
  };
}

export interface Person { id: number; full_name: string; email: string; password: string }

/** A user of Demo Retail (optionally in a store and holding admin module items), as the users screen would make one. */
export async function makeUser(api: AdminApi, full_name: string, extra: { branch_id?: number; items?: string[] } = {}): Promise<Person> {
  const email = `${full_name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '.')}@example.com`;
  const user = await api.json<{ id: number }>('POST', '/api/admin_users/users/', {
    full_name, email, password: PASSWORD, client_ids: [api.demo], ...(extra.branch_id ? { branch_id: extra.branch_id } : {}),
  });
  if (extra.items?.length) {
    await api.json('PUT', `/api/admin_users/users/${user.id}/permissions/`, { client_id: api.demo, module_items: extra.items.map((slug) => ({ slug, permission: true })) });
  }
  return { id: user.id, full_name, email, password: PASSWORD };
}

/** The quarter of a day as the plans name it ("4/2026", spec 3 §3 "Planned vacancy"). */
export function quarterOf(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${Math.floor((month - 1) / 3) + 1}/${year}`;
}

export async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
