import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OwnerSearchQuery, TRAINING_PATHS, TrainingOwner } from '@lp/shared/contract';
import { hasControlPanelAccess } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { searchOwners } from '../../repositories/ownerSearch.ts';

/**
 * spec 2 §7.1 owners: GET /accounts/get_owners/?search={text} → [{id, full_name, email}]; users
 * of the selected client, from 3 characters (fewer answers []), at most 25 (spec 2 §9 Search).
 */
const owners: FastifyPluginAsyncTypebox = async (app) => {
  app.get(TRAINING_PATHS.owners, {
    config: { access: 'authenticated' },
    schema: { querystring: OwnerSearchQuery, response: { 200: Type.Array(TrainingOwner) } },
  }, async (request) => {
    // an administration search: closed to learners
    if (!hasControlPanelAccess(authOf(request).subject)) throw new HttpError(403, 'permission_denied', 'Permission denied');
    return searchOwners(app.db, clientOf(request), request.query.search ?? '');
  });
};
export default owners;
