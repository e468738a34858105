import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { RevokeRequest, TokenRequest, TokenResponse } from '@lp/shared/contract';
import { normaliseUsername } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { verifyAgainstDummy, verifyPasswordOrDummy } from '../../lib/passwords.ts';
import { getLoginParams } from '../../repositories/clients.ts';
import { clearFailures, lockedFor, recentFailures, recordFailure } from '../../repositories/loginThrottle.ts';
import { revokeByToken, rotateRefreshToken, startFamily, type IssuedTokens } from '../../repositories/tokens.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie, wantsRefreshCookie } from '../../lib/refreshCookie.ts';
import { canLogIn, findUserById, findUserByUsername } from '../../repositories/users.ts';
import { authenticateApplication } from './clientCredentials.ts';
import { partnerUser } from './partner.ts';

/** Compares dotted versions numerically: '1.85.480' < '1.100.0'. */
export function versionLower(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

const oauth: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const life = config;

  /**
   * The token answer: with the refresh token in the body, or — for a browser app that asked
   * (REFRESH_COOKIE_HEADER) — in its HttpOnly cookie, the body carrying the access token only.
   */
  function tokenAnswer(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens) {
    const answer = { ...tokens, token_type: 'Bearer' as const, scope: 'read write' };
    if (!wantsRefreshCookie(request)) return answer;
    setRefreshCookie(reply, request, config, tokens.refresh_token);
    const { refresh_token: _inCookie, ...rest } = answer;
    return rest;
  }

  app.post('/o/token/', {
    config: { access: 'public' },
    schema: { body: TokenRequest, response: { 200: TokenResponse } },
  }, async (request, reply) => {
    // docs/security.md "Rate limits": every grant from one address, before any hashing work
    await app.limit('token_ip', request, request.ip);
    const body = request.body;
    const application = await authenticateApplication(app.db, request, body);

    if (body.grant_type === 'refresh_token') {
      const cookieMode = wantsRefreshCookie(request);
      const refused = () => {
        if (cookieMode) clearRefreshCookie(reply, request, config);
        return new HttpError(400, 'token_expired', 'Invalid refresh token');
      };
      const presented = body.refresh_token ?? (cookieMode ? refreshCookieOf(request) : undefined);
      if (!presented) throw refused();
      const result = await rotateRefreshToken(app.db, presented, application.id, life);
      if (!result.ok) {
        if (result.reason === 'reused') {
          request.log.warn('refresh token re-use detected; family revoked');
          await app.realtime.endSessions({ familyId: result.familyId });
        }
        throw refused();
      }
      // a user blocked since the login keeps no session
      const owner = await findUserById(app.db, result.userId);
      if (!owner || !canLogIn(owner.status)) {
        const familyId = await revokeByToken(app.db, result.tokens.refresh_token);
        if (familyId) await app.realtime.endSessions({ familyId });
        if (cookieMode) clearRefreshCookie(reply, request, config);
        throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
      }
      return tokenAnswer(request, reply, result.tokens);
    }

    const params = await getLoginParams(app.db);
    if (body.grant_type === 'partner') {
      // spec 1 §2.1 login-{partner}: stored like a normal login
      const user = await partnerUser(app, request, body.partner, body.callback);
      if (!canLogIn(user.status)) throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
      if (params.under_maintenance && !user.is_superuser) throw new HttpError(403, 'under_maintenance', 'We are performing data maintenance');
      return tokenAnswer(request, reply, await startFamily(app.db, user.id, application.id, life));
    }
    if (body.app_version && versionLower(body.app_version, params.app_version)) {
      throw new HttpError(403, 'app_outdated', 'Your app is outdated and has to be updated to log in.');
    }
    const username = normaliseUsername(body.username);
    const keys = [`user:${username}`, `ip:${request.ip}`];
    const policies = [
      { maxFailures: config.loginMaxFailures, lockSeconds: config.loginLockSeconds },
      // one address may try many usernames (a shared store network), but not endlessly
      { maxFailures: config.loginMaxFailures * 10, lockSeconds: config.loginLockSeconds },
    ];
    for (const key of keys) {
      if (await lockedFor(app.db, key)) {
        throw new HttpError(429, 'too_many_login_attempts', 'Too many login attempts');
      }
    }
    // spec 1 §5.5: the captcha when the login configuration asks for it, and after repeated failures of the username
    const failing = config.captchaAfterFailures > 0 && await recentFailures(app.db, keys[0]!, config.loginLockSeconds) >= config.captchaAfterFailures;
    await app.captcha.check(params.use_recaptcha || failing, body.captcha);
    const user = username ? await findUserByUsername(app.db, username) : undefined;
    // unknown user, no usable password, wrong password: one hash of the same cost each (equal time)
    const valid = user ? await verifyPasswordOrDummy(body.password, user.password_hash, config.scryptLogN) : (await verifyAgainstDummy(body.password, config.scryptLogN), false);
    if (!user || !valid) {
      await Promise.all(keys.map((key, i) => recordFailure(app.db, key, policies[i]!)));
      throw new HttpError(400, 'invalid_username_or_password', 'Invalid username or password');
    }
    if (!canLogIn(user.status)) throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
    if (params.under_maintenance && !user.is_superuser) {
      throw new HttpError(403, 'under_maintenance', 'We are performing data maintenance');
    }
    await clearFailures(app.db, keys[0]!);
    const tokens = await startFamily(app.db, user.id, application.id, life);
    return tokenAnswer(request, reply, tokens);
  });

  app.post('/o/revoke_token/', { config: { access: 'public' }, schema: { body: RevokeRequest, response: { 200: Type.Object({}) } } }, async (request, reply) => {
    await authenticateApplication(app.db, request, {});
    const cookieMode = wantsRefreshCookie(request);
    const token = request.body.token ?? (cookieMode ? refreshCookieOf(request) : undefined);
    if (!token && !cookieMode) throw new HttpError(400, 'validation_error', 'The token to revoke is required', { token: 'make_sure_that_all_fields_are_filled_in' });
    // RFC 7009: an unknown token is not an error
    const familyId = token ? await revokeByToken(app.db, token) : null;
    // logout: the session's sockets close too, on every node; the browser forgets the refresh token whatever else happened
    if (familyId) await app.realtime.endSessions({ familyId });
    if (cookieMode) clearRefreshCookie(reply, request, config);
    return {};
  });
};
export default oauth;
