import { REFRESH_COOKIE_HEADER, type TokenResponse } from '../contract/auth.ts';
import type { ApiError } from '../contract/errors.ts';
import { isApiError } from '../contract/errors.ts';
import { clearSession, readSession, takeStoredRefreshToken, updateSession, type KeyValueStorage } from './sessionStore.ts';

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

/** The part of the Web Locks API the refresh uses (navigator.locks). */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** '' for same origin; the '/api' prefix is added here */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  storage: KeyValueStorage;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** serialises refreshes across the tabs of this origin; navigator.locks by default, where the browser has it */
  locks?: RefreshLocks | null;
  /** called when the session is lost (refresh failed, no refresh token) */
  onSessionLost?: () => void;
}

export interface ApiClient {
  /** fetch under /api with the bearer token; on 401 refreshes once and retries */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** request + JSON body + ApiRequestError on non-2xx */
  json<T>(path: string, init?: RequestInit): Promise<T>;
  /** `captcha`: the solved ALTCHA payload when the login asks for one (spec 1 §5.5) */
  login(username: string, password: string, captcha?: string): Promise<TokenResponse>;
  /** spec 1 §2.1 login-{partner}: hands the partner provider's answer (the return page's query) to the token endpoint */
  partnerLogin(partner: string, callback: string): Promise<TokenResponse>;
  /** takes over a session given as tokens (spec 1 §2.3 "log in as"): its refresh token moves into the cookie */
  adopt(refreshToken: string): Promise<void>;
  logout(): Promise<void>;
  /** the single in-flight refresh (spec 1 §4.4); resolves to the new access token */
  refresh(): Promise<string>;
  /** the access token this page holds (memory only), or null */
  accessToken(): string | null;
}

/** The Web Lock every tab of the origin takes around a refresh (the cookie rotates once at a time). */
export const REFRESH_LOCK = 'lp-token-refresh';

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

function defaultLocks(): RefreshLocks | null {
  // read off globalThis: the server compiles this module too, without the DOM's declarations
  return (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator?.locks ?? null;
}

/**
 * The admin's and the portal's API client (docs/security.md "Tokens"). The refresh token
 * is in an HttpOnly cookie the server sets on /api/o/ (REFRESH_COOKIE_HEADER on every token
 * call); the access token lives in this closure only, never in storage, so no script of the page
 * (nor a package it frames) can read either from storage. A new page starts without an access
 * token: its first call refreshes from the cookie when the stored session says signed in. Tabs
 * share the cookie, so refreshes are serialised across them with a Web Lock; the server's short
 * reuse grace covers browsers without one.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = `${options.baseUrl ?? ''}/api`;
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  let access: string | null = null;
  let refreshing: Promise<string> | null = null;

  async function tokenCall(path: 'o/token/' | 'o/revoke_token/', form: Record<string, string>): Promise<Response> {
    return doFetch(`${base}/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Authorization: basic(options.clientId, options.clientSecret),
        'Content-Type': 'application/x-www-form-urlencoded',
        [REFRESH_COOKIE_HEADER]: '1',
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function grant(form: Record<string, string>): Promise<TokenResponse> {
    const res = await tokenCall('o/token/', form);
    if (!res.ok) throw new ApiRequestError(res.status, await errorBody(res));
    const answer = (await res.json()) as TokenResponse;
    access = answer.access_token;
    updateSession(options.storage, { signed_in: true });
    return answer;
  }

  function refresh(): Promise<string> {
    // spec 1 §4.4: only one refresh in flight; the other 401s wait for it and retry
    if (!refreshing) {
      const run = async () => {
        // a session stored before the tokens left storage moves its refresh token into the cookie
        const stored = takeStoredRefreshToken(options.storage);
        const answer = await grant(stored ? { grant_type: 'refresh_token', refresh_token: stored } : { grant_type: 'refresh_token' });
        return answer.access_token;
      };
      refreshing = (locks ? locks.request(REFRESH_LOCK, run) : run()).finally(() => {
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

  function loseSession() {
    access = null;
    clearSession(options.storage, { remembered_path: readSession(options.storage).remembered_path });
    options.onSessionLost?.();
  }

  /**
   * A fresh access token, or null when the server refused the refresh (the session is gone: it is
   * cleared and reported lost). A refresh that never got an answer — offline, or cut off by a
   * reload or a navigation while in flight — is not a refusal: the session stays for the next
   * page, and the call fails as a fetch does.
   */
  async function refreshed(): Promise<string | null> {
    try {
      return await refresh();
    } catch (failure) {
      if (!(failure instanceof ApiRequestError)) throw failure;
      loseSession();
      return null;
    }
  }

  async function request(path: string, init?: RequestInit): Promise<Response> {
    const signedIn = readSession(options.storage).signed_in;
    // another tab (or the other app) logged out: this page's token went with the session
    if (!signedIn) access = null;
    // a page opened on a live session starts by restoring its access token from the cookie
    let token = access ?? (signedIn ? await refreshed() : null);
    const res = await doFetch(`${base}${path}`, withAuth(init, token));
    if (res.status !== 401 || !token) return res;
    token = await refreshed();
    return token ? doFetch(`${base}${path}`, withAuth(init, token)) : res;
  }

  return {
    request,
    refresh,
    accessToken: () => access,
    async json<T>(path: string, init?: RequestInit): Promise<T> {
      const res = await request(path, init);
      if (!res.ok) throw new ApiRequestError(res.status, await errorBody(res));
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    },
    login(username, password, captcha) {
      return grant({ grant_type: 'password', username, password, ...(captcha ? { captcha } : {}) });
    },
    partnerLogin(partner, callback) {
      return grant({ grant_type: 'partner', partner, callback });
    },
    async adopt(refreshToken) {
      const run = () => grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
      await (locks ? locks.request(REFRESH_LOCK, run) : run());
    },
    async logout() {
      access = null;
      // the server revokes the cookie's session and clears the cookie
      await tokenCall('o/revoke_token/', {}).catch(() => undefined);
      clearSession(options.storage);
    },
  };
}
