import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ConsentRequest, IdParams, MY_CONSENTS_PATH, UserConsent } from '@lp/shared/contract';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { listConsents, recordConsent } from '../../repositories/consents.ts';
import { targetUser, userPath } from '../users/admin/common.ts';
import { titleAccess } from '../../lib/access.ts';

/**
 * spec 1 §2.3 "consent viewing" (permission visualize_consent, §6.2). The signed-in user records
 * each decision about a legal text of the selected client; the session's
 * accept_terms_and_conditions (§3.1) reads the latest one about the terms.
 */
const consents: FastifyPluginAsyncTypebox = async (app) => {
  app.post(MY_CONSENTS_PATH, {
    config: { access: 'authenticated' },
    schema: { body: ConsentRequest, response: { 201: UserConsent } },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const consent = await recordConsent(app.db, {
      userId: user.id,
      clientId: clientOf(request),
      kind: request.body.kind,
      version: request.body.version,
      accepted: request.body.accepted,
      ip: request.ip || null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    return reply.status(201).send(consent);
  });

  app.get(MY_CONSENTS_PATH, {
    config: { access: 'authenticated' },
    schema: { response: { 200: Type.Array(UserConsent) } },
  }, async (request) => listConsents(app.db, authOf(request).user.id, clientOf(request)));

  // the user must belong to the selected client (targetUser: 404 otherwise)
  app.get(userPath('consents/'), {
    config: { access: titleAccess('visualize_consent') },
    schema: { params: IdParams, response: { 200: Type.Array(UserConsent) } },
  }, async (request) => {
    const user = await targetUser(app.db, request, request.params.id);
    return listConsents(app.db, user.id, clientOf(request));
  });
};
export default consents;
