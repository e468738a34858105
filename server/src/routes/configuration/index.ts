import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_RESOURCES, CLIENT_LOGO_MAX_BYTES, CLIENT_LOGO_PATH, CLIENT_LOGO_UPLOAD_KIND, CONFIGURATION_PATH, ClientLogoInput, Configuration, ConfigurationInput,
} from '@lp/shared/contract';
import { canOpenAdminTitle, isCurrencyCode } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { removeMediaFolder, mediaPath, resourceOfUrl } from '../../lib/mediaStore.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { forgetMediaObject } from '../../repositories/mediaObjects.ts';
import { commitUpload, prepareUpload, savingUpload } from '../trainings/uploadedFile.ts';
import { getLoginParams, saveLoginParams, toSessionClient, findClient, mergeClientSettings } from '../../repositories/clients.ts';
import { titleAccess } from '../../lib/access.ts';
import learnerMenuRoutes from './learnerMenu.ts';

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
    if (settings?.currency && !isCurrencyCode(settings.currency)) {
      throw new HttpError(400, 'validation_error', 'Not an ISO 4217 currency code', { 'settings.currency': 'validation_error' });
    }
    await app.db.transaction().execute(async (trx) => {
      if (settings || homeRoute) {
        // stored keys this screen does not know (another module's) stay as they are
        await mergeClientSettings(trx, clientId, settings, homeRoute);
      }
      if (loginParams) await saveLoginParams(trx, loginParams);
    });
    return configuration(app.db, clientId);
  });

  // the client's logo (printed lists, spec 3 §2): an image checked by content like every upload (DESIGN "Files and media")
  app.tus.defineKind(CLIENT_LOGO_UPLOAD_KIND, {
    maxBytes: CLIENT_LOGO_MAX_BYTES, extensions: ['.png', '.jpg', '.jpeg'],
    allowed: (auth) => canOpenAdminTitle(auth.subject, ADMIN_RESOURCES.configuration.title) === 'allow',
  });

  app.put(CLIENT_LOGO_PATH, { config: { access: guard }, schema: { body: ClientLogoInput, response: { 200: Configuration } } }, async (request) => {
    const clientId = clientOf(request);
    const before = (await findClient(app.db, clientId))?.settings.logo ?? '';
    const prepared = request.body.upload === null ? null : await prepareUpload(app, request, request.body.upload, CLIENT_LOGO_UPLOAD_KIND, 'image', `clients/${clientId}/logo`);
    await savingUpload(app, prepared, () => app.db.transaction().execute(async (trx) => {
      if (prepared) await commitUpload(trx, app, request, prepared);
      await mergeClientSettings(trx, clientId, { logo: prepared ? mediaPath(prepared.media.resource) : '' }, undefined);
    }));
    // the replaced file goes (stored paths are never rewritten in place: a new logo has a new path)
    const old = before ? resourceOfUrl(app.config.publicUrl, before) : null;
    if (old) {
      await forgetMediaObject(app.db, clientId, old);
      await removeMediaFolder(app.storage, old);
    }
    return configuration(app.db, clientId);
  });

  await app.register(learnerMenuRoutes);
};
export default configurationRoutes;
