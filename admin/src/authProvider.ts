import type { AuthProvider } from 'react-admin';
import { ApiRequestError, clearSession, readSession, updateSession, type ApiClient } from '@lp/shared/client';
import { hasControlPanelAccess, localeForLanguageId } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';
import { ADMIN_BASENAME, apiClient } from './apiClient.ts';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** Translation key for a failed call (`errors.{code}`), so the UI shows translated text. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiRequestError) return `errors.${error.code}`;
  if (error instanceof Error && error.message.startsWith('errors.')) return error.message;
  return 'errors.unexpected_error';
}

/** An admin path (`/admin/tags/3`) as a router path (`/tags/3`); other apps' paths are dropped. */
export function routerPath(fullPath: string | null): string | null {
  if (!fullPath) return null;
  if (fullPath === ADMIN_BASENAME || fullPath === `${ADMIN_BASENAME}/`) return '/';
  if (!fullPath.startsWith(`${ADMIN_BASENAME}/`)) return null;
  const path = fullPath.slice(ADMIN_BASENAME.length);
  return path.startsWith('/login') ? null : path;
}

export function createAuthProvider(client: ApiClient, storage: Storage, location: Location): AuthProvider {
  const provider: AuthProvider = {
    async login(params: LoginCredentials) {
      try {
        await client.login(params.username.trim(), params.password);
        const user = await client.json<SessionUser>('/users/session/');
        // spec 1 §8.1: no control-panel access → message, logout, stay on login
        if (!hasControlPanelAccess(user)) {
          await client.logout();
          throw new Error('errors.no_control_panel_access');
        }
        const { remembered_path } = readSession(storage);
        // spec 1 §2.4: after login, a remembered path is cleared and navigated to; spec 1 §4.4: the
        // language saved on the person wins over the one picked before (layout/SavedLanguage.tsx)
        updateSession(storage, { user, remembered_path: null, locale: localeForLanguageId(user.id_user_language_selected) });
        return { redirectTo: routerPath(remembered_path) ?? '/' };
      } catch (error) {
        throw new Error(errorKey(error), { cause: error });
      }
    },

    async logout() {
      // keep the path remembered by checkAuth: react-admin logs out when the check fails
      const { remembered_path } = readSession(storage);
      await client.logout();
      if (remembered_path) updateSession(storage, { remembered_path });
    },

    async checkAuth() {
      const session = readSession(storage);
      if (session.signed_in && session.user) {
        // spec 1 §6.1: a portal session without module items does not open the control panel
        if (hasControlPanelAccess(session.user)) return;
        throw new Error('errors.no_control_panel_access');
      }
      // spec 1 §2.4: clear the session, remember the requested path, go to login
      const requested = `${location.pathname}${location.search}`;
      const remembered = routerPath(location.pathname) ? requested : session.remembered_path;
      clearSession(storage, { remembered_path: remembered });
      // the login page says what to do; react-admin's red "please log in" notice (an error, on
      // every first visit) is left out — `message: false` is its way to skip it
      throw Object.assign(new Error('ra.auth.auth_check_error'), { message: false });
    },

    async checkError(error: { status?: number } | undefined) {
      // 401 reaching here means the api client's refresh already failed
      if (error?.status === 401) throw new Error('errors.not_authenticated');
      // 403: the page is refused, the session stays
    },

    async getPermissions() {
      return readSession(storage).user;
    },

    async getIdentity() {
      const user = readSession(storage).user;
      if (!user) throw new Error('errors.not_authenticated');
      return { id: user.id, fullName: user.full_name };
    },
  };
  return provider;
}

export const authProvider = createAuthProvider(apiClient, window.localStorage, window.location);
