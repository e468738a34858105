import { useEffect } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import type { SessionUser } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { clientHeading, documentTitle, pageTitleKey, selectedClientName } from '../../lib/page-title.ts';

/**
 * Keeps `document.title` as `{page} · {client}` (or the login configuration's header on public
 * pages), following the route and the language. Pages that are unknown by path keep the site alone.
 */
export function useDocumentTitle({ user, site }: { user?: SessionUser | null; site?: string | null }): void {
  const { t } = useI18n();
  const [location] = useLocation();
  const key = pageTitleKey(location);
  const page = key ? clientHeading(key, user) ?? t(key) : null;
  const name = selectedClientName(user) ?? (site?.trim() || t('portal.app_name'));
  const title = documentTitle(page, name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
