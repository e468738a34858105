import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ADMIN_RESOURCES, IdParams, ListQuery, MembersChange, UserSummary } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { titleAccess } from '../../lib/access.ts';
import { clientUserIds } from '../../repositories/adminUsers.ts';
import { addGroupMembers, groupMembersQuery, removeGroupMembers, userGroupOfClient } from '../../repositories/organisation/userGroups.ts';

const spec: ListSpec = {
  searchColumns: ['users.full_name', 'users.email'],
  sortable: { id: 'users.id', full_name: 'users.full_name', email: 'users.email' },
  defaultOrdering: 'full_name',
};

async function ownGroup(db: Db, clientId: number, groupId: number): Promise<void> {
  if (!(await userGroupOfClient(db, clientId, groupId))) throw notFound();
}

/** Members of a user group; only users linked to the same client can join. */
const members: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.user_groups.title);
  const base = `${ADMIN_RESOURCES.user_groups.apiPath}:id/members/`;

  app.get(base, { config: { access: guard }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(UserSummary) } }, async (request, reply) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    const list = parseListQuery(request.query, spec);
    const { rows, total } = await runList(groupMembersQuery(app.db, request.params.id), list, spec);
    return sendList(reply, 'group_members', list, rows, total);
  });

  app.post(base, { config: { access: guard }, schema: { params: IdParams, body: MembersChange, response: { 200: Type.Object({ added: Type.Integer() }) } } }, async (request) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    const ids = [...new Set(request.body.user_ids)];
    const linked = await clientUserIds(app.db, clientId, ids);
    if (linked.length !== ids.length) throw new HttpError(400, 'validation_error', 'Unknown user', { user_ids: 'validation_error' });
    return { added: await addGroupMembers(app.db, request.params.id, ids) };
  });

  app.post(`${base}remove/`, { config: { access: guard }, schema: { params: IdParams, body: MembersChange, response: { 200: Type.Object({ removed: Type.Integer() }) } } }, async (request) => {
    const clientId = clientOf(request);
    await ownGroup(app.db, clientId, request.params.id);
    return { removed: await removeGroupMembers(app.db, request.params.id, request.body.user_ids) };
  });
};
export default members;
