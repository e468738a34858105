/**
 * `@lp/shared/client`: what only the browser apps (admin, portal) run — the stored session, the
 * API client with its token refresh, the realtime socket client.
 */
export * from './apiClient.ts';
export * from './realtimeClient.ts';
export * from './sessionStore.ts';
