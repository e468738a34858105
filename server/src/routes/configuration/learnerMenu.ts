import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, LEARNER_MENU_PATH, LearnerMenu } from '@lp/shared/contract';
import { learnerMenuEntries } from '@lp/shared/rules';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { mergeClientSettings, storedClientSettings } from '../../repositories/clients.ts';

/**
 * Settings for menu editing (spec 1 §2.3; §6.2 settings_menu): the selected client's learner
 * menu — every entry, renamed, hidden or moved. It is the client setting `learner_menu`, which the
 * session answers (SessionClient.settings), so the portal reads it with the session it loads anyway.
 */
const learnerMenuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.settings_menu.title);

  app.get(LEARNER_MENU_PATH, { config: { access: guard }, schema: { response: { 200: LearnerMenu } } }, async (request) =>
    ({ entries: learnerMenuEntries((await storedClientSettings(app.db, clientOf(request)))?.learner_menu) }));

  app.put(LEARNER_MENU_PATH, { config: { access: guard }, schema: { body: LearnerMenu, response: { 200: LearnerMenu } } }, async (request) => {
    const keys = request.body.entries.map((entry) => entry.key);
    if (new Set(keys).size !== keys.length) throw new HttpError(400, 'validation_error', 'An entry is named twice', { entries: 'validation_error' });
    // stored whole, in order, with the entries the body does not name in their default places after
    const entries = learnerMenuEntries(request.body.entries);
    await mergeClientSettings(app.db, clientOf(request), { learner_menu: entries }, undefined);
    return { entries };
  });
};
export default learnerMenuRoutes;
