import { lazy, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { withMessages } from '../../lib/i18n.ts';

// the widget and its texts (portal.access.captcha) load only for a form that asks for it
const Captcha = lazy(() => withMessages('access', import('./index.tsx')));

/**
 * A public form's captcha (spec 1 §5.5, while the login configuration's use_recaptcha is on): the
 * widget to place in the form, what to add to the body, and `spent()` after each sending — a
 * solution counts once, so the next attempt gets a fresh widget.
 */
export function useCaptcha(needed: boolean) {
  const [payload, setPayload] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return {
    field: needed ? <Suspense fallback={null}><Captcha key={round} onPayload={setPayload} /></Suspense> : null,
    body: payload ? { captcha: payload } : {},
    spent: () => {
      setPayload(null);
      setRound((n) => n + 1);
    },
  };
}
