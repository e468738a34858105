import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CAPTCHA_PATH, CaptchaChallenge } from '@lp/shared/contract';

/** spec 1 §5.5: the captcha widget's challenge (public; ALTCHA, lib/captcha.ts). */
const captcha: FastifyPluginAsyncTypebox = async (app) => {
  app.get(CAPTCHA_PATH, {
    config: { access: 'public' },
    schema: { response: { 200: CaptchaChallenge } },
  }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return app.captcha.challenge();
  });
};
export default captcha;
