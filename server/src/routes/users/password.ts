import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePasswordRequest, DetailResponse, RecoverLink, RecoverPasswordRequest, SetNewPasswordRequest } from '@lp/shared/contract';
import { checkNewPassword, type PasswordLevel } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, RateLimited } from '../../lib/httpError.ts';
import { sendRecoveryMail } from '../../lib/passwordRecovery.ts';
import { hashPassword, verifyPasswordOrDummy } from '../../lib/passwords.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { clearFailures, lockedFor, recordFailure } from '../../repositories/loginThrottle.ts';
import { consumeReset, findUsableReset } from '../../repositories/passwordResets.ts';
import { revokeUserFamilies } from '../../repositories/tokens.ts';
import { findUserById, findUserByUsername, setPasswordHash } from '../../repositories/users.ts';

const uidFrom = (value: string) => {
  const id = Number(Buffer.from(value, 'base64url').toString('utf8'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

async function policyLevel(db: Db): Promise<PasswordLevel> {
  return (await getLoginParams(db)).register.password_strong_level;
}

function checkOrThrow(password: string, confirmation: string, level: PasswordLevel): void {
  const problem = checkNewPassword(password, confirmation, level);
  if (problem) throw new HttpError(400, problem, problem, { new_password: problem });
}

const invalidLink = () => new HttpError(400, 'invalid_password_change_link', 'Information to change the password is invalid; request a new change');

const password: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;

  async function resolveLink(link: RecoverLink) {
    const id = uidFrom(link.uidb64);
    const user = id ? await findUserById(app.db, id) : undefined;
    if (!user || user.email !== link.username.toLowerCase()) throw invalidLink();
    const reset = await findUsableReset(app.db, user.id, link.token);
    if (!reset) throw invalidLink();
    return { user, reset };
  }

  // spec 1 §2.1 recover password by e-mail; spec 1 §8.2 "Email not found. Please confirm and retry."
  app.post('/users/recover_password/', {
    config: { access: 'public' },
    schema: { body: RecoverPasswordRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const email = request.body.email.trim().toLowerCase();
    // docs/security.md "Rate limits": a few mails per mailbox and per address, so the form floods no one
    await app.limit('recovery_ip', request, request.ip);
    await app.limit('recovery_email', request, email);
    await app.captcha.check((await getLoginParams(app.db)).use_recaptcha, request.body.captcha);
    const user = await findUserByUsername(app.db, email);
    if (!user || !email.includes('@')) throw new HttpError(404, 'email_not_found', 'Email not found. Please confirm and retry.');
    await sendRecoveryMail(app, user);
    return { detail: 'sent' };
  });

  app.post('/users/recover_password/check/', { config: { access: 'public' }, schema: { body: RecoverLink, response: { 200: DetailResponse } } }, async (request) => {
    await resolveLink(request.body);
    return { detail: 'valid' };
  });

  app.post('/users/set_new_password/', { config: { access: 'public' }, schema: { body: SetNewPasswordRequest, response: { 200: DetailResponse } } }, async (request) => {
    const { user, reset } = await resolveLink(request.body);
    checkOrThrow(request.body.password, request.body.confirm_password, await policyLevel(app.db));
    const hash = await hashPassword(request.body.password, config.scryptLogN);
    if (!(await consumeReset(app.db, reset.id))) throw invalidLink();
    await setPasswordHash(app.db, user.id, hash);
    // a recovered account starts clean: every earlier session ends, its sockets too
    await revokeUserFamilies(app.db, user.id);
    await app.realtime.endSessions({ userId: user.id });
    return { detail: 'changed' };
  });

  app.post('/users/change_password/', {
    config: { access: 'authenticated' },
    schema: { body: ChangePasswordRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const { user, familyId } = authOf(request);
    const body = request.body;
    if (!body.current_password) {
      throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'current password required', { current_password: 'make_sure_that_all_fields_are_filled_in' });
    }
    // locked like a login (LOGIN_MAX_FAILURES, LOGIN_LOCK_SECONDS): a stolen session cannot guess the password
    const throttleKey = `password:${user.id}`;
    const locked = await lockedFor(app.db, throttleKey);
    if (locked) throw new RateLimited('too_many_login_attempts', 'Too many wrong passwords; try again later', locked);
    if (!(await verifyPasswordOrDummy(body.current_password, user.password_hash, config.scryptLogN))) {
      await recordFailure(app.db, throttleKey, { maxFailures: config.loginMaxFailures, lockSeconds: config.loginLockSeconds });
      throw new HttpError(400, 'current_password_incorrect', 'Current password is incorrect', { current_password: 'current_password_incorrect' });
    }
    await clearFailures(app.db, throttleKey);
    checkOrThrow(body.new_password, body.confirm_password, await policyLevel(app.db));
    await setPasswordHash(app.db, user.id, await hashPassword(body.new_password, config.scryptLogN));
    // other sessions end (and their sockets); this one continues
    await revokeUserFamilies(app.db, user.id, familyId);
    await app.realtime.endSessions({ userId: user.id, exceptFamilyId: familyId });
    return { detail: 'changed' };
  });
};
export default password;
