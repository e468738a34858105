import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, HomeLayout } from '@lp/shared/contract';
import { isCompleteHomeLayout } from '@lp/shared/rules';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { homeLayout, saveHomeLayout } from '../../repositories/homeLayout.ts';

/**
 * spec 1 §2.3 admin `home` (superuser only, §6.1): the selected client's portal home layout —
 * which blocks show and in which order. The PUT names every block once.
 */
const homeAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const { apiPath, title } = ADMIN_RESOURCES.home_layout;
  const access = titleAccess(title);

  app.get(apiPath, { config: { access }, schema: { response: { 200: HomeLayout } } }, async (request) => {
    return { blocks: await homeLayout(app.db, clientOf(request)) };
  });

  app.put(apiPath, { config: { access }, schema: { body: HomeLayout, response: { 200: HomeLayout } } }, async (request) => {
    const { blocks } = request.body;
    if (!isCompleteHomeLayout(blocks)) throw new HttpError(400, 'validation_error', 'Name every home block once', { blocks: 'validation_error' });
    return { blocks: await saveHomeLayout(app.db, clientOf(request), blocks) };
  });
};
export default homeAdmin;
