import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginParams } from '@lp/shared/contract';
import { getLoginParams } from '../../repositories/clients.ts';
import { enabledPartners } from '../../repositories/partnerLogins.ts';

/** Public: the login screen's configuration (spec 1 §3.3). */
const loginParams: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/login_params/', { config: { access: 'public' }, schema: { response: { 200: LoginParams } } }, async () => ({
    ...(await getLoginParams(app.db)),
    // spec 1 §3.3 `attempts`: the failures allowed before the login locks (LOGIN_MAX_FAILURES)
    attempts: app.config.loginMaxFailures,
    // spec 1 §2.1 login-{partner}: one button per partner provider
    partners: await enabledPartners(app.db),
    mobile_app: { scheme: app.config.appScheme, app_store_url: app.config.appStoreUrl, play_store_url: app.config.playStoreUrl, user_agent: app.config.appUserAgent },
    help_desk_url: app.config.helpDeskUrl,
  }));
};
export default loginParams;
