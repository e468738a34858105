/**
 * spec 1 §2.1 "Mobile browser redirect": on a mobile browser that is not the native app, the
 * set-password route, any URL carrying message_id and the partner single sign-on route go to the
 * native app's URL scheme with the same parameters and `origin` = set-password | message |
 * login-{partner}. Only these cheap checks are in the first load; the handoff page loads when they match.
 */

/** The native app names itself in its web views' user agent (the spec's "not the native app"). */
const NATIVE_APP = /\bLearningApp\//;

export function isMobileBrowser(userAgent: string = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent) && !NATIVE_APP.test(userAgent);
}

/** The app's `origin` for this URL, or null when it is not one the app takes over. */
export function handoffOrigin(path: string, search: string): string | null {
  if (/^\/set-password\/[^/]+\/[^/]+\/[^/]+\/?$/.test(path)) return 'set-password';
  const partner = /^\/login-([a-z0-9-]+)$/.exec(path);
  if (partner) return `login-${partner[1]}`;
  if (new URLSearchParams(search).has('message_id')) return 'message';
  return null;
}

/** `{scheme}://open?…&origin=…`: the query as it came, the set-password link's parts as parameters. */
export function appUrl(scheme: string, path: string, search: string, origin: string): string {
  const params = new URLSearchParams(search);
  if (origin === 'set-password') {
    const [, , username = '', uidb64 = '', token = ''] = path.split('/');
    params.set('username', decodeURIComponent(username));
    params.set('uidb64', uidb64);
    params.set('token', token);
  }
  params.set('origin', origin);
  return `${scheme}://open?${params.toString()}`;
}
