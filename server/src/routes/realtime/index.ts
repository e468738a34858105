import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { REALTIME_DEFAULTS, REALTIME_PATH, REALTIME_TICKET_PATH, RealtimeTicket } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { accessTokenExpiry, issueTicket } from '../../repositories/realtimeTickets.ts';

/** DESIGN "Realtime": the ticket call and the socket (protocol in shared/src/contract/realtime.ts). */
const realtime: FastifyPluginAsyncTypebox = async (app) => {
  app.post(REALTIME_TICKET_PATH, {
    config: { access: 'authenticated' },
    schema: { response: { 201: RealtimeTicket } },
  }, async (request, reply) => {
    const auth = authOf(request);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const sessionExpiresAt = await accessTokenExpiry(app.db, bearer);
    if (!sessionExpiresAt) throw new HttpError(401, 'token_expired', 'Invalid or expired token');
    const ticket = await issueTicket(app.db, {
      userId: auth.user.id,
      familyId: auth.familyId,
      clientId: auth.clientId,
      subject: auth.subject,
      ttlSeconds: REALTIME_DEFAULTS.ticketTtlSeconds,
      sessionExpiresAt,
    });
    reply.header('cache-control', 'no-store');
    return reply.status(201).send({ ticket, expires_in: REALTIME_DEFAULTS.ticketTtlSeconds });
  });

  app.get(REALTIME_PATH, {
    config: { access: 'public' },
    websocket: true,
    schema: { querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 200 })) }) },
  }, (socket, request) => {
    app.realtime.hub.accept(socket, request.query.ticket);
  });
};
export default realtime;
