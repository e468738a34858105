import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailResponse, IdParams, NotificationsPage, NotificationsQuery } from '@lp/shared/contract';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';
import { markAllNotificationsRead, markNotificationRead, notificationPage } from '../../repositories/notifications.ts';

/** The signed-in user's notifications in the selected client (plus client-less ones). */
const notifications: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/notifications/', {
    config: { access: 'authenticated' },
    schema: { querystring: NotificationsQuery, response: { 200: NotificationsPage } },
  }, async (request) => {
    const { user, clientId } = authOf(request);
    const page = request.query.page ?? 1;
    const size = request.query.page_size ?? 20;
    const { rows, total, unread } = await notificationPage(app.db, user.id, clientId, { page, size, unreadOnly: Boolean(request.query.unread) });
    return {
      count: total,
      unread,
      results: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        payload: r.payload,
        read_at: r.read_at,
        created_at: r.created_at,
      })),
    };
  });

  app.post('/notifications/:id/read/', {
    config: { access: 'authenticated' },
    schema: { params: IdParams, response: { 200: DetailResponse } },
  }, async (request) => {
    const { user, clientId } = authOf(request);
    if (!(await markNotificationRead(app.db, user.id, clientId, request.params.id))) throw new HttpError(404, 'not_found', 'Not found or no permission to access');
    return { detail: 'read' };
  });

  app.post('/notifications/read_all/', { config: { access: 'authenticated' }, schema: { response: { 200: DetailResponse } } }, async (request) => {
    const { user, clientId } = authOf(request);
    await markAllNotificationsRead(app.db, user.id, clientId);
    return { detail: 'read' };
  });
};
export default notifications;
