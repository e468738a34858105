import type { ContractHttp, HttpMethod } from '../common/http/index.ts';

/** One answer of the fake network: from the JSON body sent (undefined for GET), what the server answers (or throws). */
export type FakeRoute = (body: unknown) => unknown;

export interface FakeCall { method: HttpMethod; path: string; body: unknown }

/**
 * A ContractHttp whose JSON calls answer from `routes`, keyed `'METHOD /path/'` (with the query
 * string when there is one), or from one function of the call; a call no route answers fails the
 * test. `calls` lists what was sent. `adopt` is the call `POST adopt` with the token as body.
 */
export function fakeHttp(
  routes: Record<string, FakeRoute> | ((call: FakeCall) => unknown) = {},
  files: Record<string, () => { blob: Blob; filename: string | null }> = {},
) {
  const calls: FakeCall[] = [];
  const answer = async (method: HttpMethod, path: string, body: unknown) => {
    const call = { method, path, body };
    calls.push(call);
    if (typeof routes === 'function') return routes(call);
    const route = routes[`${method} ${path}`];
    if (!route) throw new Error(`fakeHttp: no route for ${method} ${path}`);
    return route(body);
  };
  const http: ContractHttp = {
    fetch: async () => { throw new Error('fakeHttp: fetch is not faked'); },
    json: async <T>(path: string, method: HttpMethod, body?: unknown) => (await answer(method, path, body)) as T,
    form: async <T>(path: string, method: 'POST' | 'PUT', fields: unknown) => (await answer(method, path, fields)) as T,
    file: async (path: string) => {
      calls.push({ method: 'GET', path, body: undefined });
      const file = files[path];
      if (!file) throw new Error(`fakeHttp: no file at ${path}`);
      return file();
    },
    adopt: async (refreshToken: string) => void (await answer('POST', 'adopt', refreshToken)),
  };
  return { http, calls };
}
