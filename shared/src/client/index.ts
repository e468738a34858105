/**
 * `@lp/shared/client`: what only the browser apps (admin, portal) run — the stored session, the
 * API client with its token refresh, the realtime socket client, the image crop helpers.
 */
export * from './apiClient.ts';
export * from './cropImage.ts';
export * from './realtimeClient.ts';
export * from './sessionStore.ts';
