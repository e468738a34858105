import simpleRestProvider from 'ra-data-simple-rest';
import {
  type DataProvider,
  type DeleteResult,
  type GetListResult,
  type GetManyResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { ADMIN_RESOURCES, LOOKUP_NAMES, userActionPath, UserInput, type LookupName, type UserPermissions } from '@lp/shared/contract';
import type { ApiClient } from '@lp/shared/client';
import { apiClient } from './apiClient.ts';
import { resolveNested, withIds } from './common/nested/nestedResources.ts';
import {
  attachmentName, createContractHttp, formDataOf, toHttpError, type FormFields,
} from './common/http/index.ts';
import { createLookupBatcher } from './common/http/lookupBatch.ts';

export { attachmentName, formDataOf, toHttpError, type FormFields };

/** react-admin resource name → collection path under /api (from the shared catalogue). */
export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.values(ADMIN_RESOURCES).map((def) => [def.name, def.apiPath])),
};

/**
 * Read-only lookup resources `lookup_{name}` (`[{id, name}]`, whole list, no paging on the server;
 * countries also have `code`, ISO alpha-3, for the document masks of spec 1 §5.2). The lists a form
 * asks for together are fetched in one request (createLookupBatcher).
 */
export const LOOKUP_RESOURCES: Readonly<Record<string, LookupName>> = Object.fromEntries(LOOKUP_NAMES.map((name) => [`lookup_${name}`, name]));

const USERS = ADMIN_RESOURCES.users.name;

/**
 * Form-only value of the user form: the module items edited per client (client id → slug →
 * granted), saved through PUT …/{id}/permissions/ after the user itself.
 */
export const PERMISSIONS_FIELD = 'permissions_by_client';
export type PermissionsByClient = Record<string, Record<string, boolean>>;

/**
 * react-admin's DataProvider over the contract paths (top-level resources from ADMIN_RESOURCES,
 * lookups, nested resources, contract paths used as resource names). Calls that are not record
 * CRUD are typed hooks next to their screens (docs/admin.md).
 */
export type AdminDataProvider = DataProvider;

const USER_INPUT_KEYS = Object.keys(UserInput.properties);

/** The body of POST/PUT users: only the contract's input fields (read-only ones are dropped). */
export function userPayload(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => USER_INPUT_KEYS.includes(key)));
}

/** Splits `/admin_tags/tags/` into the resource segment ra-data-simple-rest appends to its base. */
const segment = (path: string) => path.replace(/^\/+|\/+$/g, '');

export function createDataProvider(client: ApiClient): AdminDataProvider {
  const http = createContractHttp(client);
  const httpClient = http.fetch;
  const send = http.json;

  // apiUrl '' because apiClient.request already prefixes /api
  const rest = simpleRestProvider('', httpClient);

  function pathOf(resource: string): string {
    // a contract path used as the resource name (nested lists of an editor's tabs:
    // `/admin_group_trainings/group_trainings/7/group_training_modules/`)
    if (resource.startsWith('/')) return segment(resource);
    const nested = resolveNested(resource);
    if (nested) return segment(nested.def.path(...nested.parentIds));
    const path = RESOURCE_PATHS[resource];
    if (!path) throw new Error(`Unknown resource ${resource}`);
    return segment(path);
  }

  const lookupList = createLookupBatcher((path) => send(path, 'GET'));
  async function lookup(resource: string): Promise<RaRecord[]> {
    return await lookupList(LOOKUP_RESOURCES[resource]!) as RaRecord[];
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
      if (LOOKUP_RESOURCES[resource]) {
        const all = await lookup(resource);
        const q = typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
        const data = q ? all.filter((r) => String(r.name ?? '').toLowerCase().includes(q)) : all;
        return { data: data as R[], total: data.length } satisfies GetListResult<R>;
      }
      const nested = resolveNested(resource);
      if (nested && nested.def.list !== 'rest') {
        const path = nested.def.path(...nested.parentIds);
        if (nested.def.list === 'pages') {
          const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
          const answer = await send<{ count: number; results: Record<string, unknown>[] }>(`${path}?page=${page}&page_size=${perPage}`, 'GET');
          return { data: withIds<R>(nested.def, answer.results), total: answer.count } satisfies GetListResult<R>;
        }
        const answer = nested.def.list === 'all-pages'
          ? (await send<{ results: Record<string, unknown>[] }>(`${path}?page_size=0`, 'GET')).results
          : await send<Record<string, unknown>[]>(path, 'GET');
        const data = withIds<R>(nested.def, answer);
        return { data, total: data.length } satisfies GetListResult<R>;
      }
      return rest.getList<R>(pathOf(resource), { ...params, filter: params.filter ?? {} });
    },
    async getOne(resource, params) {
      return rest.getOne(pathOf(resource), params);
    },
    async getMany<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getMany']>[1]) {
      if (LOOKUP_RESOURCES[resource]) {
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
  };
  return provider;
}

export const dataProvider = createDataProvider(apiClient);
