import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PARTNER_LOGIN_PATHS } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { partnerRedirectUri, startPartnerLogin } from '../../lib/partnerLogin.ts';
import { findPartner, saveLoginState } from '../../repositories/partnerLogins.ts';
import partnerProvidersAdmin from './admin.ts';

/** How long a started partner login may take at the partner's provider. */
const LOGIN_STATE_TTL_SECONDS = 10 * 60;

/**
 * spec 1 §2.1 login-{partner}, step 1: the login page's partner button opens this, which starts an
 * authorization code + PKCE login at the partner's OpenID provider (state, verifier and nonce kept
 * server-side, single use) and sends the browser there. The provider returns to the portal's
 * login-{partner} page, which finishes through POST /o/token/ grant_type=partner (routes/oauth).
 */
const partnerLogin: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(partnerProvidersAdmin);
  app.get(PARTNER_LOGIN_PATHS.authorize(':partner'), {
    config: { access: 'public' },
    schema: { params: Type.Object({ partner: Type.String({ maxLength: 40 }) }), response: { 302: Type.Null() } },
  }, async (request, reply) => {
    const provider = await findPartner(app.db, request.params.partner, app.secretBox);
    if (!provider) throw new HttpError(404, 'not_found', 'No such partner login');
    let started;
    try {
      started = await startPartnerLogin(provider, partnerRedirectUri(app.config.publicUrl, provider.slug), app.config.partnerOidcAllowHttp);
    } catch (error) {
      request.log.warn({ err: error, partner: provider.slug }, 'partner provider discovery failed');
      throw new HttpError(502, 'login_error', 'Login error');
    }
    await saveLoginState(app.db, provider.id, started, LOGIN_STATE_TTL_SECONDS);
    return reply.header('Cache-Control', 'no-store').redirect(started.url, 302);
  });
};
export default partnerLogin;
