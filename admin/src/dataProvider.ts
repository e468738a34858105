import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type DataProvider,
  type DeleteResult,
  type GetListResult,
  type GetManyResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  ADMIN_RESOURCES,
  ERROR_CODES,
  groupMembersPath,
  isApiError,
  type ApiClient,
  type SessionUser,
  type UserSummary,
} from '@lp/shared';
import { apiClient } from './apiClient.ts';

/** react-admin resource name → collection path under /api (from the shared catalogue). */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.values(ADMIN_RESOURCES).map((def) => [def.name, def.apiPath])),
};

/** Read-only lookup resources (`[{id, name}]`, whole list, no paging on the server). */
export const LOOKUP_PATHS: Readonly<Record<string, string>> = {
  lookup_areas: '/lookups/areas/',
  lookup_profiles: '/lookups/profiles/',
  lookup_user_groups: '/lookups/user_groups/',
};

export const GROUP_MEMBERS = 'group_members';

export interface AdminDataProvider extends DataProvider {
  addGroupMembers(groupId: Identifier, userIds: Identifier[]): Promise<{ data: Identifier[] }>;
  removeGroupMembers(groupId: Identifier, userIds: Identifier[]): Promise<{ data: Identifier[] }>;
  /** GET /api/lookups/users/?search= (≥ 3 characters, ≤ 25 results) */
  lookupUsers(search: string): Promise<UserSummary[]>;
  /** POST /api/users/session/select_client/ → the session user for that client */
  selectClient(clientId: number): Promise<SessionUser>;
}

interface HttpResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

const KNOWN_CODES: readonly string[] = ERROR_CODES;

/** `{detail, code, fields?}` → HttpError whose message is the translation key `errors.{code}`. */
export function toHttpError(status: number, body: unknown): HttpError {
  if (isApiError(body)) {
    const key = KNOWN_CODES.includes(body.code) ? `errors.${body.code}` : 'ra.notification.http_error';
    // field errors go back to the form (react-admin reads `body.errors`), keeping the user's input
    const fields = body.fields
      ? Object.fromEntries(Object.entries(body.fields).map(([field, code]) => [field, `errors.${code}`]))
      : undefined;
    return new HttpError(key, status, fields ? { ...body, errors: fields } : body);
  }
  return new HttpError(status === 403 ? 'errors.permission_denied' : 'ra.notification.http_error', status, body);
}

/** The server expects a trailing slash on every path. */
function withTrailingSlash(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const fixed = path.endsWith('/') ? path : `${path}/`;
  return query === undefined ? fixed : `${fixed}?${query}`;
}

/** Splits `/admin_tags/tags/` into the resource segment ra-data-simple-rest appends to its base. */
const segment = (path: string) => path.replace(/^\/+|\/+$/g, '');

export function createDataProvider(client: ApiClient): AdminDataProvider {
  async function httpClient(url: string, options: RequestInit = {}): Promise<HttpResult> {
    const res = await client.request(withTrailingSlash(url), options);
    const body = await res.text();
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) throw toHttpError(res.status, json);
    return { status: res.status, headers: res.headers, body, json };
  }

  async function send<T>(path: string, method: string, payload?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (payload !== undefined) init.body = JSON.stringify(payload);
    const { json } = await httpClient(path, init);
    return json as T;
  }

  // apiUrl '' because apiClient.request already prefixes /api
  const rest = simpleRestProvider('', httpClient);

  function pathOf(resource: string, filter?: Record<string, unknown>): string {
    if (resource === GROUP_MEMBERS) {
      const groupId = filter?.group_id;
      if (groupId === undefined || groupId === null) throw new Error('group_members needs filter.group_id');
      return segment(groupMembersPath(String(groupId)));
    }
    const path = RESOURCE_PATHS[resource];
    if (!path) throw new Error(`Unknown resource ${resource}`);
    return segment(path);
  }

  function withoutParent(filter: Record<string, unknown>): Record<string, unknown> {
    const { group_id: _parent, ...rest } = filter;
    return rest;
  }

  async function lookup(resource: string): Promise<RaRecord[]> {
    return send<RaRecord[]>(LOOKUP_PATHS[resource] ?? '', 'GET');
  }

  const provider: AdminDataProvider = {
    async getList<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) {
      if (LOOKUP_PATHS[resource]) {
        const all = await lookup(resource);
        const q = typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
        const data = q ? all.filter((r) => String(r.name ?? '').toLowerCase().includes(q)) : all;
        return { data: data as R[], total: data.length } satisfies GetListResult<R>;
      }
      const filter = params.filter ?? {};
      return rest.getList<R>(pathOf(resource, filter), { ...params, filter: withoutParent(filter) });
    },
    async getOne(resource, params) {
      return rest.getOne(pathOf(resource), params);
    },
    async getMany<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getMany']>[1]) {
      if (LOOKUP_PATHS[resource]) {
        const ids = params.ids.map(String);
        const all = await lookup(resource);
        return { data: all.filter((r) => ids.includes(String(r.id))) as R[] } satisfies GetManyResult<R>;
      }
      return rest.getMany<R>(pathOf(resource), params);
    },
    async getManyReference(resource, params) {
      return rest.getManyReference(pathOf(resource), params);
    },
    async update(resource, params) {
      return rest.update(pathOf(resource), params);
    },
    async updateMany(resource, params) {
      return rest.updateMany(pathOf(resource), params);
    },
    async create(resource, params) {
      return rest.create(pathOf(resource), params);
    },
    async delete<R extends RaRecord>(resource: string, params: Parameters<DataProvider['delete']>[1]) {
      // the server answers 204 without a body: hand back the record that was deleted
      await httpClient(`/${pathOf(resource)}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as R } satisfies DeleteResult<R>;
    },
    async deleteMany(resource, params) {
      await Promise.all(
        params.ids.map((id) =>
          httpClient(`/${pathOf(resource)}/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
        ),
      );
      return { data: params.ids };
    },
    async addGroupMembers(groupId, userIds) {
      await send(groupMembersPath(String(groupId)), 'POST', { user_ids: userIds });
      return { data: userIds };
    },
    async removeGroupMembers(groupId, userIds) {
      await send(`${groupMembersPath(String(groupId))}remove/`, 'POST', { user_ids: userIds });
      return { data: userIds };
    },
    async lookupUsers(search) {
      const term = search.trim();
      if (term.length < 3) return [];
      return send<UserSummary[]>(`/lookups/users/?search=${encodeURIComponent(term)}`, 'GET');
    },
    async selectClient(clientId) {
      return send<SessionUser>('/users/session/select_client/', 'POST', { client_id: clientId });
    },
  };
  return provider;
}

export const dataProvider = createDataProvider(apiClient);
