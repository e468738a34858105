import { ApiRequestError, createApiClient } from '@lp/shared/client';
import { notifySessionLost, storage } from './session.ts';

export const api = createApiClient({
  clientId: import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'web',
  clientSecret: import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-secret',
  storage,
  onSessionLost: notifySessionLost,
});

/**
 * The swr fetcher, set once in <SWRConfig>: keys are API paths under /api. Without a connection,
 * what a downloaded training keeps answers for it (lib/offline, loaded only then).
 */
export const fetcher = <T>(path: string): Promise<T> => api.json<T>(path).catch(async (error: unknown) => {
  if (error instanceof ApiRequestError) throw error;
  const kept = (await import('./offline/fallback.ts')).keptAnswer(path);
  if (kept === undefined) throw error;
  return kept as T;
});

/** JSON body helper for writes. */
export function send<T>(path: string, method: 'POST' | 'PATCH', body: unknown): Promise<T> {
  return api.json<T>(path, { method, body: JSON.stringify(body) });
}

/** The error code to translate (`errors.{code}`); anything unexpected becomes unexpected_error. */
export function errorCode(error: unknown): string {
  return error instanceof ApiRequestError ? error.code : 'unexpected_error';
}

/** swr retries what may pass on a second try (network, 5xx), never a refusal (4xx). */
export const shouldRetry = (error: unknown): boolean => !(error instanceof ApiRequestError && error.status < 500);

/** swr keys holding the user's data: every cached answer but the public login configuration. */
export const userKeys = (key: unknown): boolean => key !== '/login_params/';
