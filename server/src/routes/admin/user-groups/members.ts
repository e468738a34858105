import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, IdParams, ListQuery, MembersChange, UserSummary } from '@lp/shared/contract';
import type { Db } from '../../../db/database.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import { titleAccess } from '../../../lib/access.ts';

const spec: ListSpec = {
  searchColumns: ['users.full_name', 'users.email'],
  sortable: { id: 'users.id', full_name: 'users.full_name', email: 'users.email' },
  defaultOrdering: 'full_name',
};

async function ownGroup(db: Db, clientId: number, groupId: number): Promise<void> {
  const row = await db.selectFrom('user_groups').select('id').where('id', '=', groupId).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) throw notFound();
}

/** Members of a user group; only users linked to the same client can join. */
const members: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.user_groups.title);
  const base = `${ADMIN_RESOURCES.user_groups.apiPath}:id/members/`;

  app.get(base, { config: { access: guard }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(UserSummary) } }, async (request, reply) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    const list = parseListQuery(request.query, spec);
    const query = app.db.selectFrom('user_group_members')
      .innerJoin('users', 'users.id', 'user_group_members.user_id')
      .select(['users.id', 'users.full_name', 'users.email'])
      .where('user_group_members.group_id', '=', request.params.id);
    const { rows, total } = await runList(query, list, spec);
    return sendList(reply, 'group_members', list, rows, total);
  });

  app.post(base, { config: { access: guard }, schema: { params: IdParams, body: MembersChange } }, async (request) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    const ids = [...new Set(request.body.user_ids)];
    const linked = await app.db.selectFrom('user_clients').select('user_id')
      .where('client_id', '=', clientId).where('user_id', 'in', ids).execute();
    if (linked.length !== ids.length) throw new HttpError(400, 'validation_error', 'Unknown user', { user_ids: 'validation_error' });
    const added = await app.db.insertInto('user_group_members')
      .values(ids.map((user_id) => ({ group_id: request.params.id, user_id })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return { added: Number(added.numInsertedOrUpdatedRows ?? 0) };
  });

  app.post(`${base}remove/`, { config: { access: guard }, schema: { params: IdParams, body: MembersChange } }, async (request) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    const res = await app.db.deleteFrom('user_group_members')
      .where('group_id', '=', request.params.id).where('user_id', 'in', request.body.user_ids).executeTakeFirst();
    return { removed: Number(res.numDeletedRows) };
  });
};
export default members;
