import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminUser } from '@lp/shared/contract';
import { HttpError } from '../../../lib/httpError.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import { rejectDeletionRequest } from '../../../repositories/adminUserAccounts.ts';
import { anonymizeUser, audit, loadAdminUsers } from '../../../repositories/adminUsers.ts';
import { removeAnonymizedFiles } from '../../../repositories/anonymization.ts';
import { IdParams, auditBy, requireAccountActions, requirePermission, targetUser, userPath } from './common.ts';
import { titleAccess } from '../../../lib/access.ts';

const notRequested = () => new HttpError(400, 'invalid_status_transition', 'No deletion request for this user', { status: 'invalid_status_transition' });

/** spec 1 §4.2: an administrator confirms (anonymise, irreversible) or rejects (restore access). */
const deletion: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess('users_delete_manage');
  const schema = { params: IdParams, response: { 200: AdminUser } };

  app.post(userPath('deletion/confirm/'), { config: { access: guard }, schema }, async (request) => {
    // spec 1 §8.3 "profile has no administrative permissions for data anonymization"
    requirePermission(request, 'data_anonymization', 'no_anonymization_permission');
    const user = await targetUser(app.db, request, request.params.id, { write: true });
    if (user.status !== 'deletion_requested') throw notRequested();
    // anonymisation ends the person in every client they belong to
    await requireAccountActions(app.db, request, user.id, ['deletion']);
    const files = await app.db.transaction().execute(async (trx) => {
      const held = await anonymizeUser(trx, user.id);
      await audit(trx, { ...auditBy(request), action: 'deletion_confirm', target_user_id: user.id, client_id: clientOf(request) });
      return held;
    });
    await app.realtime.endSessions({ userId: user.id });
    // after the commit: a rolled-back confirmation keeps its files
    await removeAnonymizedFiles(app.storage, files).catch((err: unknown) => request.log.error({ err, userId: user.id }, 'anonymised user files not removed'));
    return (await loadAdminUsers(app.db, clientOf(request), [user.id]))[0]!;
  });

  app.post(userPath('deletion/reject/'), { config: { access: guard }, schema }, async (request) => {
    const user = await targetUser(app.db, request, request.params.id, { write: true });
    if (user.status !== 'deletion_requested') throw notRequested();
    await requireAccountActions(app.db, request, user.id, ['deletion']);
    await app.db.transaction().execute(async (trx) => {
      await rejectDeletionRequest(trx, user.id);
      await audit(trx, { ...auditBy(request), action: 'deletion_reject', target_user_id: user.id, client_id: clientOf(request) });
    });
    return (await loadAdminUsers(app.db, clientOf(request), [user.id]))[0]!;
  });
};
export default deletion;
