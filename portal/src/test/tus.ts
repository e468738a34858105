import { vi } from 'vitest';

export interface TusCall { method: string; path: string; metadata?: Record<string, string> }

/**
 * The tus creation answers a Location header, which the fake JSON network cannot: answered here
 * (one upload, id up123), over the fetch fakeApi installed. `calls` gets each tus call, the
 * creation with its decoded Upload-Metadata.
 */
export function withTus(calls: TusCall[]) {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/files/tus/') {
      const raw = new Headers(init?.headers).get('Upload-Metadata') ?? '';
      const metadata = Object.fromEntries(raw.split(',').filter(Boolean).map((pair) => {
        const [key, value = ''] = pair.split(' ');
        return [key!, new TextDecoder().decode(Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0)))];
      }));
      calls.push({ method: 'POST', path, metadata });
      return new Response(null, { status: 201, headers: { Location: 'http://localhost/api/files/tus/up123' } });
    }
    if (path === '/api/files/tus/up123') {
      calls.push({ method: 'PATCH', path });
      return new Response(null, { status: 204 });
    }
    return inner(input, init);
  });
}
