import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginAsResponse } from '@lp/shared';
import { HttpError } from '../../../lib/httpError.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { audit } from '../../../repositories/adminUsers.ts';
import { familyApplicationId, startFamily } from '../../../repositories/tokens.ts';
import { canLogIn } from '../../../repositories/users.ts';
import { IdParams, targetUser, userPath } from './common.ts';

/** spec 1 §2.3 "administrative view": a session as the user, marked with who opened it. */
const loginAs: FastifyPluginAsyncTypebox = async (app) => {
  app.post(userPath('login_as/'), {
    preValidation: app.requireTitle('login_as_user'), schema: { params: IdParams, response: { 200: LoginAsResponse } },
  }, async (request) => {
    const { user: actor, familyId } = authOf(request);
    const target = await targetUser(app.db, request, request.params.id);
    if (target.is_superuser) throw new HttpError(403, 'cannot_impersonate_superuser', 'Superusers cannot be impersonated');
    if (!canLogIn(target.status)) throw new HttpError(403, 'user_does_not_have_access', "User doesn't have access");
    const applicationId = await familyApplicationId(app.db, familyId);
    if (applicationId === null) throw new HttpError(401, 'token_expired', 'Invalid or expired token');
    const { config } = app;
    const tokens = await app.db.transaction().execute(async (trx) => {
      const issued = await startFamily(trx, target.id, applicationId, config, actor.id);
      await audit(trx, { actor_id: actor.id, action: 'login_as', target_user_id: target.id, client_id: clientOf(request) });
      return issued;
    });
    return { ...tokens, token_type: 'Bearer' as const, scope: 'read write' };
  });
};
export default loginAs;
