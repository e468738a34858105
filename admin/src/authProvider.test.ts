import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, readSession, updateSession } from '@lp/shared/client';
import { createAuthProvider, routerPath } from './authProvider.ts';
import { localeForLanguageId } from '@lp/shared/rules';
import { sessionUser } from './test/fixtures.ts';

function fakeLocation(pathname: string): Location {
  return { pathname, search: '' } as Location;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status });
}

const tokens = { access_token: 'a', token_type: 'Bearer', expires_in: 3600, scope: '' };

function setup(user: ReturnType<typeof sessionUser>, path = '/admin/tags/3') {
  const urls: string[] = [];
  const client = createApiClient({
    clientId: 'web',
    clientSecret: 'web-secret',
    storage: localStorage,
    locks: null,
    fetch: async (url) => {
      urls.push(url);
      if (url === '/api/o/token/') return jsonResponse(tokens);
      if (url === '/api/o/revoke_token/') return jsonResponse({});
      if (url === '/api/users/session/') return jsonResponse(user);
      return jsonResponse({ detail: 'no', code: 'not_found' }, 404);
    },
  });
  return { urls, auth: createAuthProvider(client, localStorage, fakeLocation(path)) };
}

beforeEach(() => localStorage.clear());

describe('authProvider', () => {
  it('remembers the requested path, and goes there after login (spec 1 §2.4)', async () => {
    const { auth } = setup(sessionUser());
    // without a notice: the login page is the message (react-admin skips it for `message: false`)
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: false });
    await auth.logout({}); // react-admin logs out after a failed check
    expect(readSession(localStorage).remembered_path).toBe('/admin/tags/3');
    const answer = await auth.login({ username: 'instructor@demo.local', password: 'x' });
    expect(answer).toEqual({ redirectTo: '/tags/3' });
    expect(readSession(localStorage).remembered_path).toBeNull();
    expect(readSession(localStorage).user?.id).toBe(2);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('takes the language saved on the person as the session\'s choice after login (spec 1 §4.4)', async () => {
    updateSession(localStorage, { locale: 'en' });
    const { auth } = setup(sessionUser({ id_user_language_selected: 3 }));
    await auth.login({ username: 'instructor@demo.local', password: 'x' });
    expect(readSession(localStorage).locale).toBe(localeForLanguageId(3));
  });

  it('refuses users without control-panel access and logs them out', async () => {
    const { auth, urls } = setup(sessionUser({ user_client_module_items: [] }));
    await expect(auth.login({ username: 'learner@demo.local', password: 'x' })).rejects.toThrow(
      'errors.no_control_panel_access',
    );
    expect(urls).toContain('/api/o/revoke_token/');
    expect(readSession(localStorage).signed_in).toBe(false);
  });

  it('logs out on 401 but stays on 403', async () => {
    const { auth } = setup(sessionUser());
    await expect(auth.checkError({ status: 401 })).rejects.toThrow();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('gives the session user as permissions and identity', async () => {
    const { auth } = setup(sessionUser());
    updateSession(localStorage, { user: sessionUser(), signed_in: true });
    expect(await auth.getPermissions?.({})).toMatchObject({ id: 2 });
    expect(await auth.getIdentity?.()).toEqual({ id: 2, fullName: 'Igor Instructor' });
  });

  it('only turns admin paths into router paths', () => {
    expect(routerPath('/admin/users-groups/1/members')).toBe('/users-groups/1/members');
    expect(routerPath('/admin')).toBe('/');
    expect(routerPath('/admin/login')).toBeNull();
    expect(routerPath('/courses/1')).toBeNull();
  });
});
