import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OWN_USER_IMAGE_UPLOAD_KIND, PROFILE_EDITABLE, ProfileBasicData, ProfileUpdate, SelectClientRequest, SessionUser } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { familyActor } from '../../repositories/tokens.ts';
import { findUserById, loadSessionUser, selectClient, toProfileBasicData, updateOwnProfile, userClientIds } from '../../repositories/users.ts';
import { defineOwnUserImageKind, userImageUpload } from './image.ts';

const session: FastifyPluginAsyncTypebox = async (app) => {
  defineOwnUserImageKind(app);

  app.get('/users/session/', { config: { access: 'authenticated' }, schema: { response: { 200: SessionUser } } }, async (request) => {
    const { user, familyId, confinedClientId } = authOf(request);
    const session = await loadSessionUser(app.db, user, confinedClientId);
    const actor = await familyActor(app.db, familyId);
    return actor ? { ...session, administrative_view: { by_user_id: actor.id, by_name: actor.full_name } } : session;
  });

  app.post('/users/session/select_client/', {
    config: { access: 'authenticated' },
    schema: { body: SelectClientRequest, response: { 200: SessionUser } },
  }, async (request) => {
    const { user, confinedClientId } = authOf(request);
    const ids = await userClientIds(app.db, user.id);
    // an administrative view cannot leave the administrator's client (docs/security.md "Shared users")
    if (!ids.includes(request.body.client_id) || (confinedClientId !== null && request.body.client_id !== confinedClientId)) {
      throw new HttpError(403, 'client_not_available', 'Client not available for this user');
    }
    await selectClient(app.db, user.id, request.body.client_id);
    const fresh = await findUserById(app.db, user.id);
    return loadSessionUser(app.db, fresh!, confinedClientId);
  });

  app.get('/users/profile/', { config: { access: 'authenticated' }, schema: { response: { 200: ProfileBasicData } } }, async (request) => {
    return toProfileBasicData(authOf(request).user);
  });

  app.patch('/users/profile/', {
    config: { access: 'authenticated' },
    schema: { body: ProfileUpdate, response: { 200: ProfileBasicData } },
  }, async (request) => {
    const { user } = authOf(request);
    const { full_name, id_user_language_selected } = request.body;
    if (full_name !== undefined && !full_name.trim()) {
      throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'full_name is required', { full_name: 'make_sure_that_all_fields_are_filled_in' });
    }
    // the other texts: trimmed, empty → null; an omitted one stays
    // (named one by one: a body may carry more than the schema lists, and email or document are not the person's to change)
    const texts: Partial<Record<(typeof PROFILE_TEXTS)[number], string | null>> = {};
    for (const key of PROFILE_TEXTS) {
      const value = request.body[key];
      if (value !== undefined) texts[key] = value?.trim() || null;
    }
    // spec 1 §2.2 image: the picture cropped in the browser, checked as a profile picture (spec 1 §5.4);
    // the stored one is read afresh (the request's user may come from the session cache)
    const stored = (await findUserById(app.db, user.id))!.image ?? null;
    const image = await userImageUpload(app, request, request.body.image, stored, OWN_USER_IMAGE_UPLOAD_KIND);
    await image.saving(() => app.db.transaction().execute(async (trx) => {
      await updateOwnProfile(trx, user.id, {
        ...(full_name !== undefined ? { full_name: full_name.trim() } : {}),
        ...(id_user_language_selected !== undefined ? { language_id: id_user_language_selected } : {}),
        ...texts,
        ...(image.changed ? { image: image.resource } : {}),
      });
      await image.commit(trx);
    }));
    await image.replaced();
    return toProfileBasicData((await findUserById(app.db, user.id))!);
  });
};
/** spec 1 §2.2 personal info and contact: the texts of PROFILE_EDITABLE beside the name and language. */
const PROFILE_TEXTS = PROFILE_EDITABLE.filter((key): key is Exclude<(typeof PROFILE_EDITABLE)[number], 'full_name' | 'id_user_language_selected'> =>
  key !== 'full_name' && key !== 'id_user_language_selected');

export default session;
