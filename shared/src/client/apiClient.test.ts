import { describe, expect, it, vi } from 'vitest';
import { createApiClient, ApiRequestError } from './apiClient.ts';
import { readSession, writeSession, EMPTY_SESSION, type KeyValueStorage } from './sessionStore.ts';
import { SESSION_STORAGE_KEY } from '../languages.ts';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('session store (spec 1 §3.1)', () => {
  it('keeps the session compressed under {product}-v3', () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, access_token: 'abc', remembered_path: '/profile' });
    const raw = storage.map.get(SESSION_STORAGE_KEY)!;
    expect(raw).not.toContain('access_token');
    expect(readSession(storage)).toMatchObject({ access_token: 'abc', remembered_path: '/profile' });
  });
  it('survives garbage', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, 'not compressed');
    expect(readSession(storage)).toEqual(EMPTY_SESSION);
  });
});

describe('api client (spec 1 §4.4: one refresh in flight)', () => {
  it('refreshes once for many concurrent 401s and retries each with the new token', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, access_token: 'old', refresh_token: 'r1' });
    let refreshCalls = 0;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/o/token/')) {
        refreshCalls++;
        expect(String(init?.body)).toContain('grant_type=refresh_token');
        expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Basic /);
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access_token: 'new', refresh_token: 'r2', token_type: 'Bearer', expires_in: 3600, scope: '' });
      }
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new' ? json(200, { ok: url }) : json(401, { detail: 'x', code: 'token_expired' });
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch });
    const answers = await Promise.all([client.json('/a/'), client.json('/b/'), client.json('/c/')]);
    expect(answers).toEqual([{ ok: '/api/a/' }, { ok: '/api/b/' }, { ok: '/api/c/' }]);
    expect(refreshCalls).toBe(1);
    expect(readSession(storage)).toMatchObject({ access_token: 'new', refresh_token: 'r2' });
  });

  it('clears the session and reports it lost when the refresh fails', async () => {
    const storage = memoryStorage();
    writeSession(storage, { ...EMPTY_SESSION, access_token: 'old', refresh_token: 'r1', remembered_path: '/x' });
    const onSessionLost = vi.fn();
    const fetch = vi.fn(async (url: string) => (url.endsWith('/o/token/') ? json(400, { detail: 'x', code: 'token_expired' }) : json(401, { detail: 'x', code: 'token_expired' })));
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch, onSessionLost });
    await expect(client.json('/a/')).rejects.toBeInstanceOf(ApiRequestError);
    expect(onSessionLost).toHaveBeenCalledOnce();
    expect(readSession(storage)).toMatchObject({ access_token: null, refresh_token: null, remembered_path: '/x' });
  });

  it('exposes the spec error code of a failed call', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => json(409, { detail: 'dup', code: 'name_not_unique' }));
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch });
    await expect(client.json('/x/', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 409, code: 'name_not_unique' });
  });

  it('logs in with Basic credentials and logs out by revoking', async () => {
    const storage = memoryStorage();
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${url} ${String(init?.body)}`);
      return url.endsWith('/o/token/') ? json(200, { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 1, scope: '' }) : json(200, {});
    });
    const client = createApiClient({ clientId: 'web', clientSecret: 's', storage, fetch });
    await client.login('ana@demo.local', 'pw');
    expect(readSession(storage).access_token).toBe('a');
    await client.logout();
    expect(calls[1]).toBe('/api/o/revoke_token/ token=r');
    expect(readSession(storage).access_token).toBeNull();
  });
});
