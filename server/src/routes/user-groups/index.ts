import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, UserGroup, UserGroupInput } from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import { deleteUserGroup, insertUserGroup, renameUserGroup, userGroupsQuery } from '../../repositories/organisation/userGroups.ts';
import members from './members.ts';

const userGroups: FastifyPluginAsync = async (app) => {
  registerCrud(app, {
    resource: 'user_groups',
    path: ADMIN_RESOURCES.user_groups.apiPath,
    title: ADMIN_RESOURCES.user_groups.title,
    idColumn: 'user_groups.id',
    input: UserGroupInput,
    output: UserGroup,
    listSpec: {
      searchColumns: ['user_groups.name'],
      sortable: { id: 'user_groups.id', name: 'user_groups.name', members_count: 'members_count', created_at: 'user_groups.created_at' },
      defaultOrdering: 'name',
    },
    query: userGroupsQuery,
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, members_count: Number(r.members_count), created_at: r.created_at }));
    },
    async create(db, clientId, input) {
      return insertUserGroup(db, clientId, input.name.trim());
    },
    async update(db, clientId, id, input) {
      return renameUserGroup(db, clientId, id, input.name.trim());
    },
    async remove(db, clientId, id) {
      return deleteUserGroup(db, clientId, id);
    },
  });
  await app.register(members);
};
export default userGroups;
