import { describe, expect, it, vi } from 'vitest';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { XLSX_MIME } from '@lp/shared/contract';
import { createTusUpload, startTusUpload, tusFingerprint, uploadErrorStatus, uploadIdOf, type TusAuth } from './tusUpload.ts';

// the real client, as the browser runs it (XHR swapped for the in-memory server below)
vi.mock('tus-js-client', async () => await import('tus-js-client/lib/browser/index.js'));

const ENDPOINT = 'http://localhost:3000/api/files/tus/';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  bytes: number;
}

/** A tiny tus 1.0 server (creation, HEAD, PATCH, termination) that records every request. */
class FakeTusServer implements HttpStack {
  seen: Seen[] = [];
  uploads = new Map<string, { length: number; offset: number; metadata: Record<string, string> }>();
  /** answers forced for the next requests of a method, in order */
  forced: { method: string; status: number }[] = [];
  private next = 1;

  getName() {
    return 'fake-tus';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: () => undefined,
      send: async (body?: Blob) => this.handle(method, url, { ...headers }, body),
      abort: async () => undefined,
      getUnderlyingObject: () => null,
    };
  }

  private handle(method: string, url: string, headers: Record<string, string>, body?: Blob): HttpResponse {
    this.seen.push({ method, url, headers, bytes: body?.size ?? 0 });
    const forced = this.forced.findIndex((f) => f.method === method);
    if (forced >= 0) {
      const [answer] = this.forced.splice(forced, 1);
      return response(answer?.status ?? 500);
    }
    if (method === 'POST') {
      const id = `upl_${this.next++}`;
      this.uploads.set(id, {
        length: Number(headers['upload-length']),
        offset: 0,
        metadata: decodeMetadata(headers['upload-metadata'] ?? ''),
      });
      return response(201, { Location: `${ENDPOINT}${id}` });
    }
    const upload = this.uploads.get(uploadIdOf(url));
    if (!upload) return response(404);
    if (method === 'HEAD') {
      return response(200, { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
    }
    if (method === 'PATCH') {
      expect(Number(headers['upload-offset'])).toBe(upload.offset);
      upload.offset += body?.size ?? 0;
      return response(204, { 'Upload-Offset': String(upload.offset) });
    }
    if (method === 'DELETE') {
      this.uploads.delete(uploadIdOf(url));
      return response(204);
    }
    return response(405);
  }
}

function response(status: number, headers: Record<string, string> = {}): HttpResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    getStatus: () => status,
    getHeader: (name) => lower[name.toLowerCase()],
    getBody: () => '',
    getUnderlyingObject: () => null,
  };
}

function decodeMetadata(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(',').filter(Boolean).map((pair) => {
      const [key = '', value = ''] = pair.trim().split(' ');
      const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
      return [key, new TextDecoder().decode(bytes)];
    }),
  );
}

function tokens(initial = 'tok-1') {
  let current = initial;
  const refresh = vi.fn(async () => {
    current = `tok-${Number(current.slice(4)) + 1}`;
    return current;
  });
  const auth: TusAuth = { token: () => current, refresh, userId: () => 2 };
  return { auth, refresh };
}

const sheet = (size = 10) =>
  new File([new Uint8Array(size).fill(65)], 'usuários.xlsx', { type: XLSX_MIME, lastModified: 1_700_000_000_000 });

function run(file: File, server: FakeTusServer, auth: TusAuth, extra: { retryDelays?: number[] } = {}) {
  return new Promise<{ ok: true; uploadId: string } | { ok: false; error: Error }>((resolve) => {
    const upload = createTusUpload(file, {
      kind: 'import',
      endpoint: ENDPOINT,
      auth,
      chunkSize: 4,
      retryDelays: extra.retryDelays ?? [0],
      httpStack: server,
      onProgress: () => undefined,
      onSuccess: (uploadId) => resolve({ ok: true, uploadId }),
      onError: (error) => resolve({ ok: false, error }),
    });
    void startTusUpload(upload);
  });
}

describe('tus upload', () => {
  it('sends the import metadata and the bearer token on every request; the upload id is the last URL segment', async () => {
    const server = new FakeTusServer();
    const { auth } = tokens();
    const result = await run(sheet(), server, auth);
    expect(result).toEqual({ ok: true, uploadId: 'upl_1' });
    expect(server.uploads.get('upl_1')).toEqual({
      length: 10,
      offset: 10,
      metadata: { filename: 'usuários.xlsx', filetype: XLSX_MIME, kind: 'import' },
    });
    expect(server.seen.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    for (const request of server.seen) expect(request.headers.authorization).toBe('Bearer tok-1');
  });

  it('on a 401 waits for the shared refresh once and retries with the new token', async () => {
    const server = new FakeTusServer();
    server.forced.push({ method: 'PATCH', status: 401 });
    const { auth, refresh } = tokens();
    const result = await run(sheet(), server, auth);
    expect(result).toEqual({ ok: true, uploadId: 'upl_1' });
    expect(refresh).toHaveBeenCalledTimes(1);
    const afterRefresh = server.seen.slice(2);
    expect(afterRefresh.length).toBeGreaterThan(0);
    for (const request of afterRefresh) expect(request.headers.authorization).toBe('Bearer tok-2');
  });

  it('gives up when the refreshed token is refused too', async () => {
    const server = new FakeTusServer();
    server.forced.push({ method: 'PATCH', status: 401 }, { method: 'PATCH', status: 401 });
    const { auth, refresh } = tokens();
    const result = await run(sheet(), server, auth, { retryDelays: [0, 0, 0] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(uploadErrorStatus(result.error)).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('resumes an interrupted upload of the same file from the server offset', async () => {
    const server = new FakeTusServer();
    const { auth } = tokens();
    // the connection drops on the third chunk; no automatic retry
    let patches = 0;
    const handle = server.createRequest.bind(server);
    server.createRequest = (method, url) => {
      if (method === 'PATCH' && ++patches === 3) server.forced.push({ method: 'PATCH', status: 500 });
      return handle(method, url);
    };
    let first!: ReturnType<typeof createTusUpload>;
    const failed = new Promise<void>((resolve) => {
      first = createTusUpload(sheet(), {
        kind: 'import', endpoint: ENDPOINT, auth, chunkSize: 4, retryDelays: [], httpStack: server,
        onProgress: () => undefined, onSuccess: () => undefined, onError: () => resolve(),
      });
    });
    expect(await startTusUpload(first)).toBe(false);
    await failed;
    expect(server.uploads.get('upl_1')?.offset).toBe(8);

    server.createRequest = handle;
    server.seen = [];
    let resumed: boolean | undefined;
    const result = await new Promise((resolve) => {
      const again = createTusUpload(sheet(), {
        kind: 'import', endpoint: ENDPOINT, auth, chunkSize: 4, retryDelays: [], httpStack: server,
        onProgress: () => undefined,
        onSuccess: (uploadId) => resolve(uploadId),
        onError: (error) => resolve(error),
      });
      void startTusUpload(again).then((r) => (resumed = r));
    });
    expect(result).toBe('upl_1');
    expect(resumed).toBe(true);
    expect(server.seen.map((r) => `${r.method} ${r.bytes}`)).toEqual(['HEAD 0', 'PATCH 2']);
    expect(server.uploads.size).toBe(1);
  });

  it('keys resumable uploads by kind, user, file and server', () => {
    const file = sheet();
    expect(tusFingerprint(file, 'import', ENDPOINT, 2)).not.toBe(tusFingerprint(file, 'import', ENDPOINT, 3));
    expect(tusFingerprint(file, 'import', ENDPOINT, 2)).not.toBe(tusFingerprint(file, 'video', ENDPOINT, 2));
    expect(uploadIdOf('http://x/api/files/tus/abc_123?x=1')).toBe('abc_123');
    expect(uploadIdOf('/api/files/tus/abc/')).toBe('abc');
  });
});
