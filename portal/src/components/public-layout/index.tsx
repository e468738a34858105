import type { ComponentChildren, JSX } from 'preact';
import { useI18n } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { LanguageSwitch } from '../language-switch/index.tsx';
import { useDocumentTitle } from '../document-title/index.tsx';

/** Public pages (login, password recovery) dressed in the login configuration (spec 1 §2.1, §3.3). */
export function PublicLayout({ children, aside }: { children: ComponentChildren; aside?: ComponentChildren }) {
  const { t } = useI18n();
  const { data: params } = useLoginParams();
  useDocumentTitle({ site: params?.text_header });
  const style: JSX.CSSProperties = {};
  if (params) {
    style['--primary'] = params.colors.primary;
    style['--secondary'] = params.colors.secondary;
    style['--page-bg'] = params.background_color;
    style['--page-fg'] = params.font_color;
    if (params.use_background && params.background) {
      style.backgroundImage = `url(${JSON.stringify(params.background)})`;
    }
  }
  const full = Boolean(params?.use_background && params.background && params.full_background);
  return (
    <div class={`public${full ? ' public-full' : ''}`} style={style}>
      <a class="skip-link" href="#main">{t('portal.nav.skip')}</a>
      <div class="public-top">
        <LanguageSwitch />
      </div>
      <div class="public-body">
        <div class="public-brand">
          {params?.logo && <img class="logo" src={params.logo} alt={params.text_header || t('portal.app_name')} />}
          {aside}
        </div>
        <main class="card" id="main" tabIndex={-1}>{children}</main>
      </div>
    </div>
  );
}
