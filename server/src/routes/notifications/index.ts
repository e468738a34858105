import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailResponse, IdParams, NotificationsPage, NotificationsQuery } from '@lp/shared/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { authOf } from '../../plugins/app/auth.ts';

/** The signed-in user's notifications in the selected client (plus client-less ones). */
const notifications: FastifyPluginAsyncTypebox = async (app) => {
  const mine = (userId: number, clientId: number | null) => (eb: ExpressionBuilder<Database, 'notifications'>) => eb.and([
    eb('notifications.user_id', '=', userId),
    clientId == null ? eb('notifications.client_id', 'is', null)
      : eb.or([eb('notifications.client_id', 'is', null), eb('notifications.client_id', '=', clientId)]),
  ]);

  app.get('/notifications/', {
    config: { access: 'authenticated' },
    schema: { querystring: NotificationsQuery, response: { 200: NotificationsPage } },
  }, async (request) => {
    const { user, clientId } = authOf(request);
    const page = request.query.page ?? 1;
    const size = request.query.page_size ?? 20;
    let base = app.db.selectFrom('notifications').where(mine(user.id, clientId));
    if (request.query.unread) base = base.where('read_at', 'is', null);
    const [rows, total, unread] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).offset((page - 1) * size).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      app.db.selectFrom('notifications').where(mine(user.id, clientId)).where('read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      count: Number(total.n),
      unread: Number(unread.n),
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
    const res = await app.db.updateTable('notifications').set({ read_at: new Date() })
      .where('id', '=', request.params.id).where(mine(user.id, clientId)).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new HttpError(404, 'not_found', 'Not found or no permission to access');
    return { detail: 'read' };
  });

  app.post('/notifications/read_all/', { config: { access: 'authenticated' }, schema: { response: { 200: DetailResponse } } }, async (request) => {
    const { user, clientId } = authOf(request);
    await app.db.updateTable('notifications').set({ read_at: new Date() })
      .where(mine(user.id, clientId)).where('read_at', 'is', null).execute();
    return { detail: 'read' };
  });
};
export default notifications;
