import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginAsResponse } from '@lp/shared/contract';
import { HttpError } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { audit } from '../../../repositories/adminUsers.ts';
import { familyApplicationId, startFamily } from '../../../repositories/tokens.ts';
import { canLogIn } from '../../../repositories/users.ts';
import { IdParams, auditBy, requireAccountActions, targetUser, userPath } from './common.ts';
import { titleAccess } from '../../../lib/access.ts';

/**
 * spec 1 §2.3 "administrative view": a session as the user, marked with who opened it and
 * confined to the client it was opened from; of a user shared with other clients, only by an
 * administrator holding login_as_user in all of them (docs/security.md "Shared users").
 */
const loginAs: FastifyPluginAsyncTypebox = async (app) => {
  app.post(userPath('login_as/'), {
    config: { access: titleAccess('login_as_user') }, schema: { params: IdParams, response: { 200: LoginAsResponse } },
  }, async (request) => {
    const { user: actor, familyId, confinedClientId } = authOf(request);
    // an administrative view opens no other: the audit log names the real administrator
    if (confinedClientId !== null) throw new HttpError(403, 'permission_denied', 'An administrative view cannot log in as another user');
    const target = await targetUser(app.db, request, request.params.id);
    if (target.is_superuser) throw new HttpError(403, 'cannot_impersonate_superuser', 'Superusers cannot be impersonated');
    if (!canLogIn(target.status)) throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
    await requireAccountActions(app.db, request, target.id, ['login_as']);
    const clientId = clientOf(request);
    const applicationId = await familyApplicationId(app.db, familyId);
    if (applicationId === null) throw new HttpError(401, 'token_expired', 'Invalid or expired token');
    const { config } = app;
    const tokens = await app.db.transaction().execute(async (trx) => {
      const issued = await startFamily(trx, target.id, applicationId, config, actor.id, clientId);
      await audit(trx, { ...auditBy(request), action: 'login_as', target_user_id: target.id, client_id: clientId });
      return issued;
    });
    return { ...tokens, token_type: 'Bearer' as const, scope: 'read write' };
  });
};
export default loginAs;
