import { useState } from 'preact/hooks';
import Captcha from './index.tsx';

/**
 * A public form's captcha (spec 1 §5.5, while the login configuration's use_recaptcha is on): the
 * widget to place in the form, what to add to the body, and `spent()` after each sending — a
 * solution counts once, so the next attempt gets a fresh widget.
 */
export function useCaptcha(needed: boolean) {
  const [payload, setPayload] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return {
    field: needed ? <Captcha key={round} onPayload={setPayload} /> : null,
    body: payload ? { captcha: payload } : {},
    spent: () => {
      setPayload(null);
      setRound((n) => n + 1);
    },
  };
}
