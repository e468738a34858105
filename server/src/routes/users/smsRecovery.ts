import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailResponse, RecoverLink, SMS_RECOVERY_PATHS, SmsCodeConfirm, SmsRecoveryRequest } from '@lp/shared/contract';
import { normaliseUsername } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { translate } from '../../lib/i18n.ts';
import { uidb64 } from '../../lib/passwordRecovery.ts';
import { createReset } from '../../repositories/passwordResets.ts';
import { createSmsCode, trySmsCode } from '../../repositories/smsCodes.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { findUserByUsername } from '../../repositories/users.ts';

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/**
 * spec 1 §2.1 recover password by SMS: the person names their account and types their phone (area
 * code plus number); it must be the stored one ("Phone informed is not the same; you will be
 * redirected to help", §8.2), a 6-digit code goes to it (SMS_CODE_TTL, SMS_CODE_ATTEMPTS guesses),
 * and the right code opens the set-new-password form of the e-mail recovery.
 */
const smsRecovery: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;

  app.post(SMS_RECOVERY_PATHS.send, {
    config: { access: 'public' },
    schema: { body: SmsRecoveryRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const username = normaliseUsername(request.body.username);
    await app.limit('sms_ip', request, request.ip);
    await app.captcha.check((await getLoginParams(app.db)).use_recaptcha, request.body.captcha);
    const user = username ? await findUserByUsername(app.db, username) : undefined;
    if (!user) throw new HttpError(404, 'user_not_found', 'User not found or incorrect');
    const stored = digits(user.mobile_area_code) + digits(user.mobile);
    if (!stored) throw new HttpError(404, 'phone_not_found', 'No phone number is registered for this user');
    const given = digits(request.body.phone_area_code) + digits(request.body.phone);
    if (given !== stored) {
      throw new HttpError(400, 'phone_mismatch', 'Phone informed is not the same; you will be redirected to help', { phone: 'phone_mismatch' });
    }
    await app.limit('sms_user', request, user.id);
    const code = await createSmsCode(app.db, user.id, config.smsCodeTtlSeconds);
    const minutes = translate(user.language_id, 'mail.counts.minutes', { count: Math.max(1, Math.round(config.smsCodeTtlSeconds / 60)) });
    await app.sms.send({ to: stored, text: translate(user.language_id, 'mail.sms_code.body', { code, minutes }) });
    return { detail: 'sent' };
  });

  app.post(SMS_RECOVERY_PATHS.confirm, {
    config: { access: 'public' },
    schema: { body: SmsCodeConfirm, response: { 200: RecoverLink } },
  }, async (request) => {
    const invalid = () => new HttpError(400, 'invalid_recovery_code', 'The recovery code is invalid.', { code: 'invalid_recovery_code' });
    const username = normaliseUsername(request.body.username);
    const user = username ? await findUserByUsername(app.db, username) : undefined;
    const code = request.body.code.trim();
    if (!user || !/^\d{6}$/.test(code)) throw invalid();
    if (!(await trySmsCode(app.db, user.id, code, config.smsCodeAttempts))) throw invalid();
    // the same set-new-password step as a recovery e-mail's link, without the e-mail
    const token = await createReset(app.db, user.id, config.passwordResetTtlSeconds, 'recovery');
    return { username: user.email, uidb64: uidb64(user.id), token };
  });
};
export default smsRecovery;
