import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, CONFIGURATION_PATH, Configuration, ConfigurationInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { getLoginParams, saveLoginParams, toSessionClient, findClient, mergeClientSettings } from '../../repositories/clients.ts';
import { titleAccess } from '../../lib/access.ts';

async function configuration(db: Db, clientId: number): Promise<Configuration> {
  const row = await findClient(db, clientId);
  if (!row) throw notFound();
  const client = toSessionClient(row);
  const { languages: _languages, attempts: _attempts, ...loginParams } = await getLoginParams(db);
  return { client: { id: client.id, name: client.name, home_route: client.home_route }, settings: client.settings, login_params: loginParams };
}

/**
 * The configuration screen (spec 1 §2.3 configuration; §6.1 admin_config, superuser only): the
 * selected client's settings (spec 1 §3.2 — the flags the session hands every module, so the
 * next GET /users/session/ carries the change) and home route, and the login configuration of
 * spec 1 §3.3 (the deployment's one login page, shared by every client).
 */
const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.configuration.title);

  app.get(CONFIGURATION_PATH, { config: { access: guard }, schema: { response: { 200: Configuration } } }, async (request) =>
    configuration(app.db, clientOf(request)));

  app.put(CONFIGURATION_PATH, { config: { access: guard }, schema: { body: ConfigurationInput, response: { 200: Configuration } } }, async (request) => {
    const clientId = clientOf(request);
    const { settings, home_route: homeRoute, login_params: loginParams } = request.body;
    await app.db.transaction().execute(async (trx) => {
      if (settings || homeRoute) {
        // stored keys this screen does not know (another module's) stay as they are
        await mergeClientSettings(trx, clientId, settings, homeRoute);
      }
      if (loginParams) await saveLoginParams(trx, loginParams);
    });
    return configuration(app.db, clientId);
  });
};
export default configurationRoutes;
