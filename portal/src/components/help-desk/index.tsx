import { useEffect } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';

/**
 * spec 1 §2.1 help-desk widget (login configuration use_help_desk; the server's HELP_DESK_URL): a
 * vendor script is added once (its origin is in the portal's CSP, plugins/app/securityHeaders.ts)
 * and draws its own button; a page is offered as a button opening it in a new tab.
 */
export default function HelpDesk({ url }: { url: string }) {
  const { t } = useI18n();
  const script = new URL(url).pathname.endsWith('.js');
  useEffect(() => {
    if (!script || document.querySelector('script[data-help-desk]')) return;
    const element = document.createElement('script');
    element.src = url;
    element.async = true;
    element.dataset.helpDesk = '';
    document.head.append(element);
  }, [url, script]);
  if (script) return null;
  return <a class="help-desk button" href={url} target="_blank" rel="noopener noreferrer">{t('portal.access.help_desk')}</a>;
}
