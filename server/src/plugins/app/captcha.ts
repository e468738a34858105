import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/httpError.ts';
import { captchaKeys, captchaSolved, newCaptchaChallenge } from '../../lib/captcha.ts';
import type { CaptchaChallenge } from '@lp/shared/contract';
import type { Static } from '@sinclair/typebox';

export interface CaptchaGate {
  /** a new signed challenge for the widget */
  challenge(): Promise<Static<typeof CaptchaChallenge>>;
  /** spec 1 §5.5: when `needed`, the form's payload must solve one of our challenges, once */
  check(needed: boolean, payload: string | undefined): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaGate;
  }
}

/** The captcha of the public forms (lib/captcha.ts), keyed by the server's media secret. */
export default fp<{ config: Config }>(async (app, { config }) => {
  const keys = captchaKeys(app.mediaSecret);
  app.decorate('captcha', {
    async challenge() {
      const c = await newCaptchaChallenge(keys, { cost: config.captchaCost, maxCounter: config.captchaMaxCounter });
      return { parameters: { ...c.parameters }, ...(c.signature ? { signature: c.signature } : {}) };
    },
    async check(needed, payload) {
      if (!needed) return;
      if (!payload) throw new HttpError(400, 'captcha_required', 'Confirm you are not a robot', { captcha: 'captcha_required' });
      if (!(await captchaSolved(app.db, keys, payload))) {
        throw new HttpError(400, 'captcha_invalid', 'The captcha was not solved or has expired; try again', { captcha: 'captcha_invalid' });
      }
    },
  });
}, { name: 'captcha', dependencies: ['media-links'] });
