import type { ApiClient } from '@lp/shared/client';
import { attachmentName, toHttpError } from './httpErrors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FormFields = Record<string, string | number | boolean | null | undefined>;

/** One answer of the API, read once: its status, headers, text and the JSON in it (if any). */
export interface HttpResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/**
 * The admin's calls to contract paths under /api, over the one API client (apiClient.ts): a
 * refusal throws the HttpError of toHttpError, so every screen reads errors the same way.
 */
export interface ContractHttp {
  /** the raw exchange (react-admin's REST provider reads status and headers) */
  fetch(path: string, init?: RequestInit): Promise<HttpResult>;
  /** JSON call; the answer's JSON (undefined for 204) */
  json<T>(path: string, method: HttpMethod, body?: unknown): Promise<T>;
  /**
   * Multipart form call (the spec's "form" bodies: modules, tests, evaluations, materials);
   * null and undefined fields are left out, booleans are sent as true/false.
   */
  form<T>(path: string, method: 'POST' | 'PUT', fields: FormFields): Promise<T>;
  /** a file answer (spreadsheets, templates): the blob and the name the server gave it */
  file(path: string): Promise<{ blob: Blob; filename: string | null }>;
  /** this browser's session becomes the one of `refreshToken` (kept in the HttpOnly cookie, not in storage) */
  adopt(refreshToken: string): Promise<void>;
}

/** FormData of the defined fields. */
export function formDataOf(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form.append(key, String(value));
  }
  return form;
}

/** The server expects a trailing slash on every path. */
export function withTrailingSlash(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const fixed = path.endsWith('/') ? path : `${path}/`;
  return query === undefined ? fixed : `${fixed}?${query}`;
}

export function createContractHttp(client: ApiClient): ContractHttp {
  async function fetchResult(url: string, init: RequestInit = {}): Promise<HttpResult> {
    const res = await client.request(withTrailingSlash(url), init);
    const body = await res.text();
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) throw toHttpError(res.status, json);
    return { status: res.status, headers: res.headers, body, json };
  }

  return {
    fetch: fetchResult,
    async json<T>(path: string, method: HttpMethod, payload?: unknown) {
      const init: RequestInit = { method };
      if (payload !== undefined) init.body = JSON.stringify(payload);
      return (await fetchResult(path, init)).json as T;
    },
    async form<T>(path: string, method: 'POST' | 'PUT', fields: FormFields) {
      return (await fetchResult(path, { method, body: formDataOf(fields) })).json as T;
    },
    async file(path: string) {
      // a blob, not a bare link: the file needs the bearer token (and its refresh)
      const res = await client.request(path);
      if (!res.ok) throw toHttpError(res.status, await res.json().catch(() => undefined));
      return { blob: await res.blob(), filename: attachmentName(res.headers.get('Content-Disposition')) };
    },
    async adopt(refreshToken: string) {
      await client.adopt(refreshToken);
    },
  };
}
