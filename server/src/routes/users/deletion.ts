import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailResponse } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { audit, auditOrigin } from '../../repositories/adminUsers.ts';
import { actingUserOf, revokeUserFamilies } from '../../repositories/tokens.ts';
import { markDeletionRequested } from '../../repositories/users.ts';

/** spec 1 §4.2: a user requests account closure; access is blocked until an administrator decides. */
const deletionRequest: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/users/request_deletion/', { config: { access: 'authenticated' }, schema: { response: { 200: DetailResponse } } }, async (request) => {
    const { user, clientId, familyId } = authOf(request);
    // an administrative view acts for the user but may not close the account
    if ((await actingUserOf(app.db, familyId)) != null) throw new HttpError(403, 'permission_denied', 'Not available in the administrative view');
    if (user.is_superuser) throw new HttpError(403, 'permission_denied', 'A superuser account cannot be closed this way');
    const now = new Date();
    await app.db.transaction().execute(async (trx) => {
      await markDeletionRequested(trx, user.id, now);
      await revokeUserFamilies(trx, user.id);
      await audit(trx, { actor_id: user.id, action: 'deletion_request', target_user_id: user.id, client_id: clientId, ...auditOrigin(request) });
    });
    await app.realtime.endSessions({ userId: user.id });
    return { detail: 'requested' };
  });
};
export default deletionRequest;
