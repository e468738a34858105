import { Upload, type DetailedError, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { readSession } from '@lp/shared/client';
import { TUS_PATH } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';

/** DESIGN "Files and media": every upload goes through the tus server under /api. */
export const TUS_ENDPOINT = `/api${TUS_PATH}`;

/** Resumable pieces: a dropped connection costs at most one chunk. */
export const TUS_CHUNK_SIZE = 5 * 1024 * 1024;

/** Where an upload takes its bearer token from (the admin's one session and refresh lock). */
export interface TusAuth {
  /** the current access token, read at every request so a refresh made elsewhere is used */
  token(): string | null;
  /** the api client's single in-flight refresh (spec 1 §4.4) */
  refresh(): Promise<string>;
  /** whose upload it is: part of the fingerprint, so another account never resumes it */
  userId(): number | string | null;
}

export const sessionAuth: TusAuth = {
  token: () => apiClient.accessToken(),
  refresh: () => apiClient.refresh(),
  userId: () => readSession(window.localStorage).user?.id ?? null,
};

type UploadOptions = ConstructorParameters<typeof Upload>[1];

export interface TusUploadOptions {
  /** metadata `kind` the server validates the file against ('import', 'video', …) */
  kind: string;
  /** metadata `filetype` when the browser gives none */
  filetype?: string;
  endpoint?: string;
  auth?: TusAuth;
  chunkSize?: number;
  retryDelays?: number[];
  /** the transport (tus-js-client's XHR stack unless given: tests pass an in-memory server) */
  httpStack?: HttpStack;
  onProgress(bytesSent: number, bytesTotal: number): void;
  onSuccess(uploadId: string, url: string): void;
  onError(error: Error): void;
}

/** The upload id the API expects: the last path segment of the upload URL. */
export function uploadIdOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(/\/+$/, '').split('/').pop() ?? '';
}

/** Same file, same kind, same user, same server → the same upload to resume. */
export function tusFingerprint(file: File, kind: string, endpoint: string, userId: number | string | null): string {
  return ['lp-tus', kind, userId ?? 'anonymous', file.name, file.type, file.size, file.lastModified, endpoint].join('|');
}

function statusOf(error: DetailedError | Error): number {
  const response = (error as DetailedError).originalResponse;
  return response ? response.getStatus() : 0;
}

/**
 * A tus upload that carries the bearer token on every request and, on a 401, waits for the
 * shared refresh once and retries with the new token.
 */
export function createTusUpload(file: File, options: TusUploadOptions): Upload {
  const auth = options.auth ?? sessionAuth;
  const endpoint = options.endpoint ?? TUS_ENDPOINT;
  // one refresh per run of 401s: a second 401 right after a refresh is a lost session
  let refreshedForRetry = false;
  let refreshing = false;

  const uploadOptions: UploadOptions = {
    endpoint,
    chunkSize: options.chunkSize ?? TUS_CHUNK_SIZE,
    retryDelays: options.retryDelays ?? [0, 1000, 3000, 5000],
    metadata: {
      filename: file.name,
      filetype: file.type || options.filetype || 'application/octet-stream',
      kind: options.kind,
    },
    fingerprint: async (f: File) => tusFingerprint(f, options.kind, endpoint, auth.userId()),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (req: HttpRequest) => {
      const token = auth.token();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onAfterResponse: async (req: HttpRequest, res: HttpResponse) => {
      if (res.getStatus() !== 401) {
        // the HEAD that precedes a retry proves nothing: only a transfer ends the run of 401s
        if (req.getMethod() !== 'HEAD') refreshing = false;
        return;
      }
      if (refreshing) return;
      refreshing = true;
      try {
        await auth.refresh();
        refreshedForRetry = true;
      } catch {
        refreshedForRetry = false;
      }
    },
    onShouldRetry: (error: DetailedError) => {
      const status = statusOf(error);
      if (status === 401) {
        const retry = refreshedForRetry;
        refreshedForRetry = false;
        return retry;
      }
      // tus-js-client's own rule: no retry on 4xx except 409/423, nor while offline
      const clientError = status >= 400 && status < 500 && status !== 409 && status !== 423;
      return !clientError && (typeof navigator === 'undefined' || navigator.onLine !== false);
    },
    onProgress: (sent: number, total: number) => options.onProgress(sent, total),
    onSuccess: () => {
      const url = upload.url ?? '';
      options.onSuccess(uploadIdOf(url), url);
    },
    onError: (error: Error) => options.onError(error),
  };
  if (options.httpStack) uploadOptions.httpStack = options.httpStack;
  const upload = new Upload(file, uploadOptions);
  return upload;
}

/** Starts the upload, resuming the newest earlier attempt of the same file when there is one. */
export async function startTusUpload(upload: Upload): Promise<boolean> {
  const previous = await upload.findPreviousUploads();
  const newest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  if (newest) upload.resumeFromPreviousUpload(newest);
  upload.start();
  return newest !== undefined;
}

/** HTTP status of a failed upload (0 when the request never got an answer). */
export function uploadErrorStatus(error: Error): number {
  return statusOf(error);
}
