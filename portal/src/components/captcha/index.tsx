import { createElement } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { CAPTCHA_PATH } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';

/** What the ALTCHA widget tells of its state (the payload once the work is done). */
interface StateDetail {
  state: string;
  payload?: string;
}

const WIDGET_LANGUAGES: Record<string, string> = { 'pt-br': 'pt', en: 'en', es: 'es', fr: 'fr' };

/**
 * spec 1 §2.1 / §5.5 captcha: a self-hosted proof of work (ALTCHA). The widget, loaded with this
 * chunk only when a form needs it, fetches a signed challenge from the server, solves it in the
 * browser and hands the payload the form sends (`captcha`); null while unsolved or expired.
 */
export default function Captcha({ onPayload }: { onPayload(payload: string | null): void }) {
  const { locale } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const report = useRef(onPayload);
  report.current = onPayload;

  // listening from the render on: the widget may report before a (post-paint) effect would run
  useLayoutEffect(() => {
    void import('altcha');
    const widget = ref.current;
    if (!widget) return undefined;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateDetail>).detail;
      report.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, []);

  return createElement('altcha-widget', { ref, challenge: `/api${CAPTCHA_PATH}`, language: WIDGET_LANGUAGES[locale] ?? 'pt', name: 'captcha' });
}
