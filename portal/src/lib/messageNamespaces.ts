/**
 * Portal text namespaces (`portal.{name}` in locales/*.json) that load with their lazy page, not
 * with the first load: the first load carries pt-br's texts of the shell and the common pages
 * only, so a module's texts must not grow it (docs/portal.md "Texts"). The vite plugin in
 * vite.config.ts leaves these out of `virtual:portal-messages/{locale}` and serves each as
 * `virtual:portal-messages/{locale}/{name}`.
 */
export const LAZY_NAMESPACES = ['games', 'liveClasses', 'library', 'podcasts', 'forum', 'offline', 'surveys', 'drills', 'generalTests', 'fieldSales', 'rewards', 'access', 'webcasts', 'badges', 'feed', 'presential'] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
