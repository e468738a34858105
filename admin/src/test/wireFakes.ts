import { HttpError, type DataProvider } from 'react-admin';
import type { ApiClient } from '@lp/shared/client';
import { createDataProvider, type AdminDataProvider } from '../dataProvider.ts';
import { contractHttp, createContractHttp, type ContractHttp } from '../common/http/index.ts';

/**
 * The server of a screen test as one function of the call: the contract path (with its query),
 * the method and the JSON body; it answers the JSON (or throws toHttpError(...) to refuse).
 */
export type WireAnswer = (path: string, method: string, body?: unknown) => Promise<unknown>;

const json = (value: unknown, status = 200) =>
  new Response(value === undefined ? null : JSON.stringify(value), { status: value === undefined && status === 200 ? 204 : status });

/** An ApiClient whose requests `answer` plays: what the real data provider sends is what the test sees. */
export function wireClient(answer: WireAnswer): ApiClient {
  const request = async (path: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) as unknown : init.body ?? undefined;
    try {
      const method = init.method ?? 'GET';
      return json(await (body === undefined ? answer(path, method) : answer(path, method, body)));
    } catch (error) {
      if (error instanceof HttpError) return json(error.body, error.status);
      throw error;
    }
  };
  const refuse = async () => { throw new Error('wireClient: not a contract call'); };
  return {
    request,
    json: async <T>(path: string, init?: RequestInit) => (await (await request(path, init)).json()) as T,
    login: refuse, partnerLogin: refuse, adopt: refuse, logout: refuse, refresh: refuse, accessToken: () => 'access-1',
  };
}

/** The real data provider over `answer`, with some methods replaced (lookups a test serves itself). */
export function wireDataProvider(answer: WireAnswer, overrides: Partial<DataProvider> = {}): AdminDataProvider {
  return { ...createDataProvider(wireClient(answer)), ...overrides } as AdminDataProvider;
}

/** The screens' own contract calls over `answer`. */
export const wireHttp = (answer: WireAnswer): ContractHttp => createContractHttp(wireClient(answer));

/** The JSON and form calls of a screen test, as `(path, method, body | fields)` functions. */
export interface CallMocks {
  serveJson?: (path: string, method: string, body?: unknown) => Promise<unknown>;
  serveForm?: (path: string, method: string, fields: Record<string, unknown>) => Promise<unknown>;
}

/**
 * A ContractHttp whose JSON calls go to `serveJson` (no body argument when none is sent) and whose
 * form calls go to `serveForm` with the fields as given; files and raw exchanges use the real API
 * client (tests spy on `apiClient.request`).
 */
export function mockHttp({ serveJson, serveForm }: CallMocks): ContractHttp {
  const missing = (what: string) => async () => { throw new Error(`mockHttp: no ${what}`); };
  const json = serveJson ?? missing('serveJson');
  const form = serveForm ?? missing('serveForm');
  return {
    fetch: (path, init) => contractHttp.fetch(path, init),
    file: (path) => contractHttp.file(path),
    adopt: missing('adopt'),
    json: async <T>(path: string, method: string, body?: unknown) => (await (body === undefined ? json(path, method) : json(path, method, body))) as T,
    form: async <T>(path: string, method: string, fields: Record<string, unknown>) => (await form(path, method, fields)) as T,
  };
}

/**
 * The fakes of a screen whose records go through react-admin's hooks and whose other calls go
 * through its own hooks: the real data provider over `serveJson`, and the mock ContractHttp.
 */
export function screenFakes(mocks: CallMocks, overrides: Partial<DataProvider> = {}) {
  const serveJson = mocks.serveJson ?? (async () => { throw new Error('screenFakes: no serveJson'); });
  return { dataProvider: wireDataProvider(serveJson, overrides), http: mockHttp(mocks) };
}
