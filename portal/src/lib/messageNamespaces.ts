/**
 * Portal text namespaces (`portal.{name}` in locales/*.json) that load with their lazy page, not
 * with the first load: the first load carries pt-br's texts of the shell and the common pages
 * only, so a module's texts must not grow it (docs/portal.md "Texts"). The vite plugin in
 * vite.config.ts leaves these out of `virtual:portal-messages/{locale}` and serves each as
 * `virtual:portal-messages/{locale}/{name}`.
 */
export const LAZY_NAMESPACES = ['games', 'liveClasses', 'library', 'podcasts', 'forum', 'offline', 'surveys', 'drills', 'generalTests', 'fieldSales', 'rewards', 'access', 'webcasts', 'badges', 'feed', 'presential', 'notices', 'profileImage'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];

/**
 * The API error texts (`errors.*`, shared with the admin: several hundred keys) load after the
 * first paint and with every lazy page (i18n.ts `loadErrorTexts`); the first load carries only
 * these, the ones the shell and the login page can meet before that.
 */
export const EAGER_ERRORS = [
  'unexpected_error', 'not_found', 'permission_denied', 'not_authenticated', 'token_expired', 'validation_error',
  'invalid_username_or_password', 'login_error', 'too_many_login_attempts', 'too_many_requests', 'user_does_not_have_access',
  'client_not_available', 'under_maintenance', 'app_outdated', 'captcha_required', 'captcha_invalid', 'invalid_client',
] as const;
