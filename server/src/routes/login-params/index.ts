import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginParams } from '@lp/shared';
import { getLoginParams } from '../../repositories/clients.ts';

/** Public: the login screen's configuration (spec 1 §3.3). */
const loginParams: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/login_params/', { schema: { response: { 200: LoginParams } } }, async () => getLoginParams(app.db));
};
export default loginParams;
