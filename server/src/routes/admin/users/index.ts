import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, ListQuery } from '@lp/shared';
import { parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { clientOf } from '../../../plugins/app/auth.ts';

const spec: ListSpec = {
  searchColumns: ['users.full_name', 'users.email', 'users.document'],
  sortable: { id: 'users.id', full_name: 'users.full_name', email: 'users.email', status: 'users.status' },
  defaultOrdering: 'full_name',
  filters: { status: 'users.status' },
};

/** Users of the selected client (read-only here; editing arrives with the users issue). */
const users: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ADMIN_RESOURCES.users.apiPath, {
    preHandler: app.requireTitle(ADMIN_RESOURCES.users.title),
    schema: { querystring: ListQuery },
  }, async (request, reply) => {
    const list = parseListQuery(request.query, spec);
    const query = app.db.selectFrom('users')
      .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .select(['users.id', 'users.full_name', 'users.email', 'users.status'])
      .where('user_clients.client_id', '=', clientOf(request));
    const { rows, total } = await runList(query, list, spec);
    return sendList(reply, 'users', list, rows, total);
  });
};
export default users;
