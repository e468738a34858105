import { createElement } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { CAPTCHA_PATH } from '@lp/shared/contract';
import { useI18n, type Translate } from '../../lib/i18n.ts';

/** What the ALTCHA widget tells of its state (the payload once the work is done). */
interface StateDetail {
  state: string;
  payload?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The widget's texts from our locale files (portal.access.captcha): its own bundle knows only
 * English, and a pt-br page must not say "I'm not a robot". Keys it has that we never meet (the
 * code challenges of ALTCHA Sentinel) stay as its English ones.
 */
function widgetStrings(t: Translate): Record<string, string> {
  const text = (key: string) => t(`portal.access.captcha.${key}`);
  const site = escapeHtml(text('altcha_site'));
  return {
    ...globalThis.$altcha.i18n.get('en'),
    label: text('label'),
    verifying: text('verifying'),
    verified: text('verified'),
    verify: text('verify'),
    verificationRequired: text('verification_required'),
    waitAlert: text('wait'),
    error: text('error'),
    expired: text('expired'),
    loading: text('loading'),
    reload: text('reload'),
    cancel: text('cancel'),
    ariaLinkLabel: text('altcha_site'),
    // the widget shows this one as HTML: only our escaped text goes in it
    footer: `${escapeHtml(text('protected_by'))} <a href="https://altcha.org/" tabindex="-1" target="_blank" rel="noopener" aria-label="${site}">ALTCHA</a>`,
  };
}

/**
 * spec 1 §2.1 / §5.5 captcha: a self-hosted proof of work (ALTCHA). The widget, loaded with this
 * chunk only when a form needs it, fetches a signed challenge from the server, solves it in the
 * browser and hands the payload the form sends (`captcha`); null while unsolved or expired.
 * Its texts are portal.access.captcha: load this component with the `access` namespace.
 */
export default function Captcha({ onPayload }: { onPayload(payload: string | null): void }) {
  const { locale, t } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const report = useRef(onPayload);
  report.current = onPayload;

  // listening from the render on: the widget may report before a (post-paint) effect would run
  useLayoutEffect(() => {
    const widget = ref.current;
    if (!widget) return undefined;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail;
      report.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, []);

  // the widget's registry of texts is global and watched: the page's language, set under its own code
  useEffect(() => {
    let live = true;
    void import('altcha').then(() => {
      if (live) globalThis.$altcha.i18n.set(locale, widgetStrings(t));
    });
    return () => { live = false; };
  }, [locale, t]);

  return createElement('altcha-widget', { ref, challenge: `/api${CAPTCHA_PATH}`, language: locale, name: 'captcha' });
}
