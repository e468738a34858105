/**
 * spec 1 §2.1 "Mobile browser redirect": on a mobile browser that is not the native app, the
 * set-password route, any URL carrying message_id and the partner single sign-on route go to the
 * native app's URL scheme with the same parameters and `origin` = set-password | message |
 * login-{partner}. Only these cheap checks are in the first load; the handoff page loads when they match.
 */

/**
 * The native app names itself in its web views' user agent (the spec's "not the native app"): the
 * server's APP_USER_AGENT (login params `mobile_app.user_agent`), this one when it names none.
 */
export const DEFAULT_APP_USER_AGENT = 'LearningApp/';

/** A phone or tablet, whether its browser or the native app's web view (the one check before the login params came). */
export function isMobileDevice(userAgent: string = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/** A mobile browser that is not the native app, told by the app's user-agent marker. */
export function isMobileBrowser(appUserAgent: string | undefined, userAgent: string = navigator.userAgent): boolean {
  return isMobileDevice(userAgent) && !userAgent.includes(appUserAgent || DEFAULT_APP_USER_AGENT);
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
