import type { TokenResponse } from '../contract/auth.ts';
import type { ApiError } from '../errors.ts';
import { isApiError } from '../errors.ts';
import { clearSession, readSession, updateSession, type KeyValueStorage } from './sessionStore.ts';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.detail);
    this.name = 'ApiRequestError';
  }

  get code(): string {
    return this.body.code;
  }
}

export interface ApiClientOptions {
  /** '' for same origin; the '/api' prefix is added here */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  storage: KeyValueStorage;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** called when the session is lost (refresh failed, no refresh token) */
  onSessionLost?: () => void;
}

export interface ApiClient {
  /** fetch under /api with the bearer token; on 401 refreshes once and retries */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** request + JSON body + ApiRequestError on non-2xx */
  json<T>(path: string, init?: RequestInit): Promise<T>;
  login(username: string, password: string): Promise<TokenResponse>;
  logout(): Promise<void>;
  /** the single in-flight refresh (spec 1 §4.4); resolves to the new access token */
  refresh(): Promise<string>;
}

function basic(id: string, secret: string): string {
  return `Basic ${btoa(`${id}:${secret}`)}`;
}

async function errorBody(res: Response): Promise<ApiError> {
  try {
    const body: unknown = await res.json();
    if (isApiError(body)) return body;
  } catch {
    /* not JSON */
  }
  return { detail: res.statusText || 'error', code: 'unexpected_error' };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = `${options.baseUrl ?? ''}/api`;
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  let refreshing: Promise<string> | null = null;

  async function tokenCall(form: Record<string, string>): Promise<TokenResponse> {
    const res = await doFetch(`${base}/o/token/`, {
      method: 'POST',
      headers: {
        Authorization: basic(options.clientId, options.clientSecret),
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    if (!res.ok) throw new ApiRequestError(res.status, await errorBody(res));
    return (await res.json()) as TokenResponse;
  }

  function refresh(): Promise<string> {
    // spec 1 §4.4: only one refresh in flight; the other 401s wait for it and retry
    if (!refreshing) {
      refreshing = (async () => {
        const token = readSession(options.storage).refresh_token;
        if (!token) throw new ApiRequestError(401, { detail: 'no refresh token', code: 'not_authenticated' });
        const answer = await tokenCall({ grant_type: 'refresh_token', refresh_token: token });
        updateSession(options.storage, { access_token: answer.access_token, refresh_token: answer.refresh_token });
        return answer.access_token;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  function withAuth(init: RequestInit | undefined, token: string | null): RequestInit {
    const headers = new Headers(init?.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (init?.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    return { ...init, headers };
  }

  async function request(path: string, init?: RequestInit): Promise<Response> {
    const token = readSession(options.storage).access_token;
    const res = await doFetch(`${base}${path}`, withAuth(init, token));
    if (res.status !== 401 || !token) return res;
    let fresh: string;
    try {
      fresh = await refresh();
    } catch {
      clearSession(options.storage, { remembered_path: readSession(options.storage).remembered_path });
      options.onSessionLost?.();
      return res;
    }
    return doFetch(`${base}${path}`, withAuth(init, fresh));
  }

  return {
    request,
    refresh,
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      const res = await request(path, init);
      if (!res.ok) throw new ApiRequestError(res.status, await errorBody(res));
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    },
    async login(username, password) {
      const answer = await tokenCall({ grant_type: 'password', username, password });
      updateSession(options.storage, { access_token: answer.access_token, refresh_token: answer.refresh_token });
      return answer;
    },
    async logout() {
      const { refresh_token } = readSession(options.storage);
      if (refresh_token) {
        await doFetch(`${base}/o/revoke_token/`, {
          method: 'POST',
          headers: {
            Authorization: basic(options.clientId, options.clientSecret),
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ token: refresh_token }).toString(),
        }).catch(() => undefined);
      }
      clearSession(options.storage);
    },
  };
}
