import simpleRestProvider from 'ra-data-simple-rest';
import {
  type DataProvider,
  type DeleteResult,
  type GetListResult,
  type GetManyResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  ADMIN_RESOURCES,
  groupMembersPath,
  importLogsPath,
  importProcessPath,
  importTemplatePath,
  userActionPath,
  UserInput,
  type AdminUser,
  type ApiClient,
  type ImportRecord,
  type ImportType,
  type LoginAsResponse,
  type NotificationsPage,
  type ResetPasswordRequest,
  type SessionUser,
  type UserPermissions,
  type UserSummary,
} from '@lp/shared';
import { apiClient } from './apiClient.ts';
import { attachmentName, toHttpError } from './common/http/httpErrors.ts';

export { attachmentName, toHttpError };

/** react-admin resource name → collection path under /api (from the shared catalogue). */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.values(ADMIN_RESOURCES).map((def) => [def.name, def.apiPath])),
};

/** Read-only lookup resources (`[{id, name}]`, whole list, no paging on the server). */
export const LOOKUP_PATHS: Readonly<Record<string, string>> = {
  lookup_areas: '/lookups/areas/',
  lookup_profiles: '/lookups/profiles/',
  lookup_user_groups: '/lookups/user_groups/',
  lookup_headquarters: '/lookups/headquarters/',
  lookup_branches: '/lookups/branches/',
  lookup_branch_types: '/lookups/branch_types/',
  lookup_branch_size_types: '/lookups/branch_size_types/',
  lookup_regionals: '/lookups/regionals/',
  /** `[{id, name, code}]`: code is ISO alpha-3 (document masks, spec 1 §5.2) */
  lookup_countries: '/lookups/countries/',
};

export const GROUP_MEMBERS = 'group_members';
/** Log entries of one import (spec 1 §3.7); parent id from the filter `import_id`. */
export const IMPORT_LOGS = 'admin-import-logs';

const USERS = ADMIN_RESOURCES.users.name;

/**
 * Form-only value of the user form: the module items edited per client (client id → slug →
 * granted), saved through PUT …/{id}/permissions/ after the user itself.
 */
export const PERMISSIONS_FIELD = 'permissions_by_client';
export type PermissionsByClient = Record<string, Record<string, boolean>>;

/** Status actions of the users screen (spec 1 §4.1). */
export type UserStatusAction = 'block' | 'unblock' | 'approve';
/** spec 1 §4.2: an administrator confirms (anonymises) or rejects a deletion request. */
export type DeletionDecision = 'confirm' | 'reject';

export interface AdminDataProvider extends DataProvider {
  addGroupMembers(groupId: Identifier, userIds: Identifier[]): Promise<{ data: Identifier[] }>;
  removeGroupMembers(groupId: Identifier, userIds: Identifier[]): Promise<{ data: Identifier[] }>;
  /** GET /api/lookups/users/?search= (≥ 3 characters, ≤ 25 results) */
  lookupUsers(search: string): Promise<UserSummary[]>;
  /** POST /api/users/session/select_client/ → the session user for that client */
  selectClient(clientId: number): Promise<SessionUser>;
  /** GET /api/users/session/ with the stored tokens (after an administrative-view login) */
  sessionUser(): Promise<SessionUser>;
  /** GET …/users/{id}/permissions/?client_id= */
  getUserPermissions(userId: Identifier, clientId: number): Promise<UserPermissions>;
  /** POST …/users/{id}/{block|unblock|approve}/ → the updated user */
  changeUserStatus(userId: Identifier, action: UserStatusAction): Promise<AdminUser>;
  /** POST …/users/{id}/reset_password/ {mode} */
  resetUserPassword(userId: Identifier, mode: ResetPasswordRequest['mode']): Promise<void>;
  /** POST …/users/{id}/login_as/ → a token pair of that user (administrative view) */
  loginAsUser(userId: Identifier): Promise<LoginAsResponse>;
  /** this browser's session becomes the one of `refreshToken` (kept in the HttpOnly cookie, not in storage) */
  adoptSession(refreshToken: string): Promise<void>;
  /** POST …/users/{id}/deletion/{confirm|reject}/ → the updated user */
  decideUserDeletion(userId: Identifier, decision: DeletionDecision): Promise<AdminUser>;
  /** POST …/imports/{id}/process/ (202; 409 unless validated) → the import, when the server sends it */
  processImport(importId: Identifier): Promise<ImportRecord | undefined>;
  /** GET …/templates/{type}/ with the bearer token → the xlsx to save */
  downloadImportTemplate(type: ImportType): Promise<{ blob: Blob; filename: string }>;
  /** JSON call to a contract path under /api; the answer's JSON (undefined for 204) */
  sendJson<T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown): Promise<T>;
  /**
   * Multipart form call (the spec's "form" bodies: modules, tests, evaluations, materials);
   * null and undefined fields are left out, booleans are sent as true/false.
   */
  sendForm<T>(path: string, method: 'POST' | 'PUT', fields: FormFields): Promise<T>;
  /** GET /api/notifications/?page_size= → latest notifications and the unread count */
  getNotifications(pageSize: number): Promise<NotificationsPage>;
  markNotificationRead(notificationId: number): Promise<void>;
  markAllNotificationsRead(): Promise<void>;
}

export type FormFields = Record<string, string | number | boolean | null | undefined>;

/** FormData of the defined fields. */
export function formDataOf(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, String(value));
  }
  return form;
}

const USER_INPUT_KEYS = Object.keys(UserInput.properties);

/** The body of POST/PUT users: only the contract's input fields (read-only ones are dropped). */
export function userPayload(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => USER_INPUT_KEYS.includes(key)));
}

interface HttpResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
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
    // a contract path used as the resource name (nested lists of an editor's tabs:
    // `/admin_group_trainings/group_trainings/7/group_training_modules/`)
    if (resource.startsWith('/')) return segment(resource);
    if (resource === GROUP_MEMBERS) {
      const groupId = filter?.group_id;
      if (groupId === undefined || groupId === null) throw new Error('group_members needs filter.group_id');
      return segment(groupMembersPath(String(groupId)));
    }
    if (resource === IMPORT_LOGS) {
      const importId = filter?.import_id;
      if (importId === undefined || importId === null) throw new Error('admin-import-logs needs filter.import_id');
      return segment(importLogsPath(String(importId)));
    }
    const path = RESOURCE_PATHS[resource];
    if (!path) throw new Error(`Unknown resource ${resource}`);
    return segment(path);
  }

  function withoutParent(filter: Record<string, unknown>): Record<string, unknown> {
    const { group_id: _parent, import_id: _import, ...rest } = filter;
    return rest;
  }

  async function lookup(resource: string): Promise<RaRecord[]> {
    return send<RaRecord[]>(LOOKUP_PATHS[resource] ?? '', 'GET');
  }

  /** One PUT per client whose permissions were loaded (or set) in the form. */
  async function savePermissions(userId: Identifier, byClient: PermissionsByClient | undefined): Promise<void> {
    if (!byClient) return;
    for (const [clientId, items] of Object.entries(byClient)) {
      const body: UserPermissions = {
        client_id: Number(clientId),
        module_items: Object.entries(items).map(([slug, permission]) => ({ slug, permission })),
      };
      await send(userActionPath(String(userId), 'permissions'), 'PUT', body);
    }
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
      if (resource === USERS) {
        const result = await rest.update(pathOf(resource), { ...params, data: userPayload(params.data) });
        await savePermissions(params.id, params.data[PERMISSIONS_FIELD] as PermissionsByClient | undefined);
        return result;
      }
      return rest.update(pathOf(resource), params);
    },
    async updateMany(resource, params) {
      return rest.updateMany(pathOf(resource), params);
    },
    async create(resource, params) {
      if (resource === USERS) {
        const result = await rest.create(pathOf(resource), { ...params, data: userPayload(params.data) });
        await savePermissions(result.data.id, params.data[PERMISSIONS_FIELD] as PermissionsByClient | undefined);
        return result;
      }
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
    async sessionUser() {
      return send<SessionUser>('/users/session/', 'GET');
    },
    async getUserPermissions(userId, clientId) {
      return send<UserPermissions>(`${userActionPath(String(userId), 'permissions')}?client_id=${clientId}`, 'GET');
    },
    async changeUserStatus(userId, action) {
      return send<AdminUser>(userActionPath(String(userId), action), 'POST', {});
    },
    async resetUserPassword(userId, mode) {
      await send(userActionPath(String(userId), 'reset_password'), 'POST', { mode } satisfies ResetPasswordRequest);
    },
    async loginAsUser(userId) {
      return send<LoginAsResponse>(userActionPath(String(userId), 'login_as'), 'POST', {});
    },
    async adoptSession(refreshToken) {
      await client.adopt(refreshToken);
    },
    async decideUserDeletion(userId, decision) {
      return send<AdminUser>(userActionPath(String(userId), `deletion/${decision}`), 'POST', {});
    },
    async processImport(importId) {
      return send<ImportRecord | undefined>(importProcessPath(String(importId)), 'POST', {});
    },
    async downloadImportTemplate(type) {
      // a blob, not a bare link: the template needs the bearer token (and its refresh)
      const res = await client.request(importTemplatePath(type));
      if (!res.ok) throw toHttpError(res.status, await res.json().catch(() => undefined));
      const filename = attachmentName(res.headers.get('Content-Disposition')) ?? `${type}.xlsx`;
      return { blob: await res.blob(), filename };
    },
    async sendJson<T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown) {
      return send<T>(path, method, body);
    },
    async sendForm<T>(path: string, method: 'POST' | 'PUT', fields: FormFields) {
      const { json } = await httpClient(path, { method, body: formDataOf(fields) });
      return json as T;
    },
    async getNotifications(pageSize) {
      return send<NotificationsPage>(`/notifications/?page_size=${pageSize}`, 'GET');
    },
    async markNotificationRead(notificationId) {
      await send(`/notifications/${notificationId}/read/`, 'POST', {});
    },
    async markAllNotificationsRead() {
      await send('/notifications/read_all/', 'POST', {});
    },
  };
  return provider;
}

export const dataProvider = createDataProvider(apiClient);
