/**
 * What the cluster suite's clients do over the network, through the proxy: log in, upload a
 * spreadsheet with tus, and retry a call that met a dead node — as the product's clients do
 * after a failover (the proxy answers 502 when a node died with the call in flight).
 */
import { IMPORTS_PATH } from '@lp/shared/contract';
import { BASIC } from '../helpers.ts';

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * One call, tried again while the answer says no node took it (502/503, or no answer at all),
 * up to `deadlineMs`: a call that reached a node that then died may have been handled, so only
 * calls that are safe to repeat (reads, PUTs, sends with a client id) go through here.
 */
export async function retried(url: string, call: Call = {}, deadlineMs = 30_000): Promise<Response> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const res = await fetch(url, { method: call.method ?? 'GET', headers: call.headers, body: typeof call.body === 'object' ? new Uint8Array(call.body) : call.body }).catch(() => null);
    if (res && res.status !== 502 && res.status !== 503) return res;
    await res?.body?.cancel();
    if (Date.now() > until) throw new Error(`${call.method ?? 'GET'} ${url}: no node answered within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function tokenFor(origin: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/o/token/`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const tus = { 'tus-resumable': '1.0.0' };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

/** Uploads a spreadsheet with tus and creates the import (which validates it); its id. */
export async function createImportOver(origin: string, token: string, importType: string, bytes: Buffer): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${origin}/api/files/tus/`, {
    method: 'POST',
    headers: { ...auth, ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata({ filename: 'cluster.xlsx', filetype: 'application/octet-stream', kind: 'import' }) },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, origin);
  const patched = await fetch(location, {
    method: 'PATCH',
    headers: { ...auth, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204) throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
  const res = await fetch(`${origin}/api${IMPORTS_PATH}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ import_type: importType, upload_id: location.pathname.split('/').pop() }),
  });
  if (res.status !== 201) throw new Error(`create import: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}
