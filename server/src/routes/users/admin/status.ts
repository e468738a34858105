import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ADMIN_RESOURCES, AdminUser, ResetPasswordRequest } from '@lp/shared/contract';
import { canTransition, mayActOnAccount, mayApproveUser, type AccountAction, type UserStatus } from '@lp/shared/rules';
import { HttpError } from '../../../lib/httpError.ts';
import { translate } from '../../../lib/i18n.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { sendRecoveryMail } from '../../../lib/passwordRecovery.ts';
import { authOf, clientOf } from '../../../plugins/app/auth.ts';
import { audit, loadAdminUsers, superiorIdsOf } from '../../../repositories/adminUsers.ts';
import { moveUserStatus, setTemporaryPassword } from '../../../repositories/adminUserAccounts.ts';
import { revokeUserFamilies } from '../../../repositories/tokens.ts';
import { DetailResponse, IdParams, auditBy, linkedClientIds, requireAccountActions, targetUser, userPath } from './common.ts';
import { titleAccess } from '../../../lib/access.ts';

const invalidTransition = () => new HttpError(400, 'invalid_status_transition', 'The user status cannot be changed this way', { status: 'invalid_status_transition' });

/** spec 1 §4.1 manual block/unblock and approval of awaiting accounts; spec 1 §2.3 reset password. */
const status: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess('users_manage');

  async function move(request: FastifyRequest, id: number, from: readonly string[] | null, to: UserStatus, action: 'user_block' | 'user_unblock' | 'user_approve') {
    const user = await targetUser(app.db, request, id, { write: true });
    if (from ? !from.includes(user.status) : !canTransition(user.status, to) || user.status === to) throw invalidTransition();
    const accountAction: Record<typeof action, AccountAction> = { user_block: 'block', user_unblock: 'unblock', user_approve: 'approve' };
    if (action === 'user_approve') {
      // the selected client's approvers rule (spec 1 §4.1) was checked; the user's other clients need users_manage
      const others = (await linkedClientIds(app.db, id)).filter((c) => c !== clientOf(request));
      if (!mayActOnAccount(authOf(request).subject, others, 'approve')) {
        throw new HttpError(403, 'account_shared_with_other_clients', 'This user also belongs to clients you do not administer');
      }
    } else {
      await requireAccountActions(app.db, request, id, [accountAction[action]]);
    }
    await app.db.transaction().execute(async (trx) => {
      if (!(await moveUserStatus(trx, id, user.status, to))) throw invalidTransition();
      if (to === 'blocked') await revokeUserFamilies(trx, id);
      await audit(trx, { ...auditBy(request), action, target_user_id: id, client_id: clientOf(request), details: { from: user.status, to } });
    });
    if (to === 'blocked') await app.realtime.endSessions({ userId: id });
    return user;
  }
  const answer = async (request: FastifyRequest, id: number) => (await loadAdminUsers(app.db, clientOf(request), [id]))[0]!;
  const schema = { params: IdParams, response: { 200: AdminUser } };

  app.post(userPath('block/'), { config: { access: guard }, schema }, async (request) => {
    await move(request, request.params.id, null, 'blocked', 'user_block');
    return answer(request, request.params.id);
  });

  app.post(userPath('unblock/'), { config: { access: guard }, schema }, async (request) => {
    await move(request, request.params.id, ['blocked'], 'active', 'user_unblock');
    return answer(request, request.params.id);
  });

  // spec 1 §4.1: "Superior approvers approve new users" (a users manager, or one of the user's
  // superiors holding superiors_approvers), and "the user receives an e-mail when approved"
  app.post(userPath('approve/'), { config: { access: titleAccess(ADMIN_RESOURCES.users.title) }, schema }, async (request) => {
    const { user: actor, subject } = authOf(request);
    await targetUser(app.db, request, request.params.id);
    if (!mayApproveUser(subject, actor.id, await superiorIdsOf(app.db, request.params.id, clientOf(request)))) {
      throw new HttpError(403, 'permission_denied', 'Only a users manager or a superior approver of this user can approve it');
    }
    const user = await move(request, request.params.id, ['awaiting_validation'], 'active', 'user_approve');
    await app.mailer.send({
      to: user.email,
      subject: translate(user.language_id, 'mail.user_approved.subject'),
      text: translate(user.language_id, 'mail.user_approved.body', { name: user.full_name, link: `${app.config.publicUrl}/` }),
    });
    return answer(request, request.params.id);
  });

  app.post(userPath('reset_password/'), {
    config: { access: guard }, schema: { params: IdParams, body: ResetPasswordRequest, response: { 200: DetailResponse } },
  }, async (request) => {
    const user = await targetUser(app.db, request, request.params.id, { write: true });
    if (user.status === 'deleted') throw invalidTransition();
    await requireAccountActions(app.db, request, user.id, ['reset_password']);
    if (request.body.mode === 'email') {
      await sendRecoveryMail(app, user);
    } else {
      const hash = await hashPassword(app.config.defaultUserPassword, app.config.scryptLogN);
      await setTemporaryPassword(app.db, user.id, hash);
    }
    await revokeUserFamilies(app.db, user.id);
    await app.realtime.endSessions({ userId: user.id });
    await audit(app.db, {
      ...auditBy(request), action: 'password_reset', target_user_id: user.id, client_id: clientOf(request), details: { mode: request.body.mode },
    });
    return { detail: request.body.mode === 'email' ? 'sent' : 'reset' };
  });
};
export default status;
