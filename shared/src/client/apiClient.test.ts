import { describe, expect, it, vi } from 'vitest';
import { createApiClient, ApiRequestError, REFRESH_LOCK, type RefreshLocks } from './apiClient.ts';
import { readSession, writeSession, EMPTY_SESSION, type KeyValueStorage } from './sessionStore.ts';
import { SESSION_STORAGE_KEY } from '../languages.ts';
import LZString from 'lz-string';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tokenAnswer = (access: string) => json(200, { access_token: access, token_type: 'Bearer', expires_in: 3600, scope: '' });

/** A Web Locks stand-in: one holder at a time per name, in order, as navigator.locks does. */
function fakeLocks(): RefreshLocks & { taken: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const taken: string[] = [];
  return {
    taken,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.catch(() => undefined).then(() => { taken.push(name); return callback(); });
      tails.set(name, run);
      return run;
    },
  };
}

describe('session store (spec 1 §3.1)', () => {
  it('keeps the non-secret session compressed under {product}-v3, and never a token', () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, signed_in: true, remembered_path: '/profile', ...{ access_token: 'abc' } });
    const raw = storage.map.get(SESSION_STORAGE_KEY)!;
    expect(LZString.decompressFromUTF16(raw)).not.toContain('abc');
    expect(readSession(storage)).toEqual({ ...EMPTY_SESSION, signed_in: true, remembered_path: '/profile' });
  });
  it('survives garbage', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, 'not compressed');
    expect(readSession(storage)).toEqual(EMPTY_SESSION);
  });
});

describe('api client (spec 1 §4.4: one refresh in flight; docs/security.md "Tokens")', () => {
  it('logs in asking for the cookie, keeps the access token in memory only, and logs out by revoking the cookie', async () => {
    const storage = memoryStorage();
    const calls: Array<{ url: string; body: string; headers: Headers; credentials?: RequestCredentials }> = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: String(init?.body ?? ''), headers: new Headers(init?.headers), credentials: init?.credentials });
      return url.endsWith('/o/token/') ? tokenAnswer('a1') : json(200, {});
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    await client.login('ana@demo.local', 'pw');
    expect(calls[0]!.headers.get('X-Refresh-Cookie')).toBe('1');
    expect(calls[0]!.headers.get('Authorization')).toMatch(/^Basic /);
    expect(calls[0]!.credentials).toBe('same-origin');
    expect(client.accessToken()).toBe('a1');
    expect(readSession(storage).signed_in).toBe(true);
    expect(LZString.decompressFromUTF16(storage.map.get(SESSION_STORAGE_KEY)!)).not.toContain('a1');
    await client.json('/x/');
    expect(calls[1]!.headers.get('Authorization')).toBe('Bearer a1');
    await client.logout();
    expect(calls[2]!.url).toBe('/api/o/revoke_token/');
    expect(calls[2]!.body).toBe('');
    expect(calls[2]!.headers.get('X-Refresh-Cookie')).toBe('1');
    expect(client.accessToken()).toBeNull();
    expect(readSession(storage).signed_in).toBe(false);
  });

  it('a new page of a signed-in session restores its access token from the cookie before its first call', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, signed_in: true });
    const seen: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      seen.push(`${url} ${new Headers(init?.headers).get('Authorization') ?? ''} ${String(init?.body ?? '')}`);
      return url.endsWith('/o/token/') ? tokenAnswer('restored') : json(200, { ok: true });
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    expect(await client.json('/a/')).toEqual({ ok: true });
    expect(seen[0]).toMatch(/^\/api\/o\/token\/ Basic \S+ grant_type=refresh_token$/);
    expect(seen[1]).toBe('/api/a/ Bearer restored ');
    // an anonymous page refreshes nothing
    const anonymous = createApiClient({ clientId: 'web', clientSecret: 's', storage: memoryStorage(), fetch, locks: null });
    await anonymous.json('/login_params/');
    expect(seen.at(-1)).toBe('/api/login_params/  ');
  });

  it('refreshes once for many concurrent 401s and retries each with the new token', async () => {
    const storage = memoryStorage();
    let refreshCalls = 0;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const body = String(init?.body ?? '');
      if (url.endsWith('/o/token/') && body.startsWith('grant_type=password')) return tokenAnswer('old');
      if (url.endsWith('/o/token/')) {
        refreshCalls++;
        expect(body).toBe('grant_type=refresh_token');
        await new Promise((r) => setTimeout(r, 10));
        return tokenAnswer('new');
      }
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new' ? json(200, { ok: url }) : json(401, { detail: 'x', code: 'token_expired' });
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    await client.login('a', 'b');
    const answers = await Promise.all([client.json('/a/'), client.json('/b/'), client.json('/c/')]);
    expect(answers).toEqual([{ ok: '/api/a/' }, { ok: '/api/b/' }, { ok: '/api/c/' }]);
    expect(refreshCalls).toBe(1);
    expect(client.accessToken()).toBe('new');
  });

  it('takes the tabs\' Web Lock around each refresh, so two tabs never rotate the cookie at once', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, signed_in: true });
    const locks = fakeLocks();
    let inFlight = 0;
    let overlap = false;
    const fetch = vi.fn(async (url: string) => {
      if (!url.endsWith('/o/token/')) return json(200, {});
      inFlight++;
      if (inFlight > 1) overlap = true;
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return tokenAnswer('t');
    });
    // two tabs: two clients over the same storage and the same locks
    const tabA = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks });
    const tabB = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks });
    await Promise.all([tabA.json('/x/'), tabB.json('/y/')]);
    expect(locks.taken).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect(overlap).toBe(false);
  });

  it('clears the session and reports it lost when the refresh fails', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, signed_in: true, remembered_path: '/x' });
    const onSessionLost = vi.fn();
    const fetch = vi.fn(async (url: string) => (url.endsWith('/o/token/') ? json(400, { detail: 'x', code: 'token_expired' }) : json(401, { detail: 'x', code: 'not_authenticated' })));
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, onSessionLost, locks: null });
    await expect(client.json('/a/')).rejects.toBeInstanceOf(ApiRequestError);
    expect(onSessionLost).toHaveBeenCalledOnce();
    expect(readSession(storage)).toMatchObject({ signed_in: false, remembered_path: '/x' });
  });

  it('keeps the session when a refresh gets no answer (offline, or cut off by a reload): only a refusal ends it', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, signed_in: true });
    const onSessionLost = vi.fn();
    const cutOff = new TypeError('Failed to fetch');
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/o/token/')) throw cutOff;
      return json(200, { ok: true });
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, onSessionLost, locks: null });
    await expect(client.json('/a/')).rejects.toBe(cutOff);
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(readSession(storage).signed_in).toBe(true);
    // a lock request cut off by the page going away is no refusal either
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const locks: RefreshLocks = { request: () => Promise.reject(aborted) };
    const locked = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, onSessionLost, locks });
    await expect(locked.json('/a/')).rejects.toBe(aborted);
    expect(readSession(storage).signed_in).toBe(true);
  });

  it('moves a refresh token stored by an earlier version into the cookie, once', async () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, LZString.compressToUTF16(JSON.stringify({ access_token: 'old-a', refresh_token: 'old-r', user: null, locale: 'en' })));
    expect(readSession(storage)).toMatchObject({ signed_in: true, locale: 'en' });
    const bodies: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/o/token/')) bodies.push(String(init?.body));
      return url.endsWith('/o/token/') ? tokenAnswer('fresh') : json(200, {});
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    await client.json('/a/');
    expect(bodies).toEqual(['grant_type=refresh_token&refresh_token=old-r']);
    expect(LZString.decompressFromUTF16(storage.map.get(SESSION_STORAGE_KEY)!)).not.toContain('old-');
    await client.refresh();
    expect(bodies[1]).toBe('grant_type=refresh_token');
  });

  it('adopts a session given as tokens (log in as) through the cookie', async () => {
    const storage = memoryStorage();
    const bodies: string[] = [];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => { bodies.push(String(init?.body)); return tokenAnswer('theirs'); });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    await client.adopt('their-refresh');
    expect(bodies).toEqual(['grant_type=refresh_token&refresh_token=their-refresh']);
    expect(client.accessToken()).toBe('theirs');
    expect(readSession(storage).signed_in).toBe(true);
  });

  it('exposes the spec error code of a failed call', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => json(409, { detail: 'dup', code: 'name_not_unique' }));
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, locks: null });
    await expect(client.json('/x/', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 409, code: 'name_not_unique' });
  });
});
