import { createApiClient, updateSession, type KeyValueStorage } from '@lp/shared/client';
import { createDataProvider } from '../dataProvider.ts';
import { createContractHttp } from '../common/http/index.ts';

/** One request the real api client sent to the fake network. */
export interface ApiCall {
  url: string;
  method: string;
  /** the body when it is text (JSON, urlencoded) */
  body: string | undefined;
  /** the body as sent (FormData for multipart forms) */
  rawBody: unknown;
  auth: string | null;
}

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/**
 * The real data provider and api client, signed in, over a fake `fetch`: what reaches the network
 * is what a test asserts (`calls`), and `answer` plays the server. `http` is the screens' own
 * contract calls over the same client.
 */
export function fakeApiDataProvider(answer: (call: ApiCall) => Response | Promise<Response>) {
  const calls: ApiCall[] = [];
  const storage = memoryStorage();
  let restored = false;
  updateSession(storage, { signed_in: true });
  const client = createApiClient({
    clientId: 'web',
    clientSecret: 'web-secret',
    storage,
    locks: null,
    fetch: async (url, init) => {
      // the page's start: its access token restored from the refresh cookie (not one of the calls asserted)
      if (url.endsWith('/o/token/') && typeof init?.body === 'string' && init.body === 'grant_type=refresh_token' && !restored) {
        restored = true;
        return new Response(JSON.stringify({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600, scope: 'read write' }),
          { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      const call: ApiCall = {
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : undefined,
        rawBody: init?.body,
        auth: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      return answer(call);
    },
  });
  return { calls, dataProvider: createDataProvider(client), http: createContractHttp(client) };
}
