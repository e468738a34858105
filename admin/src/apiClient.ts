import { createApiClient, type ApiClient } from '@lp/shared/client';

/** The one API client of the control panel: its refresh lock must be shared by every call. */
export const apiClient: ApiClient = createApiClient({
  clientId: import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'web',
  clientSecret: import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-secret',
  storage: window.localStorage,
});

/** Where the app is mounted; react-router paths are relative to it. */
export const ADMIN_BASENAME = '/admin';
