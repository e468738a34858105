import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ADMIN_RESOURCES, UserGroup, UserGroupInput } from '@lp/shared/contract';
import { registerCrud } from '../../../lib/crud.ts';
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
    query: (db, clientId) => db.selectFrom('user_groups')
      .select(['user_groups.id', 'user_groups.name', 'user_groups.created_at'])
      .select(sql<number>`(select count(*) from user_group_members m where m.group_id = user_groups.id)`.as('members_count'))
      .where('user_groups.client_id', '=', clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, members_count: Number(r.members_count), created_at: r.created_at }));
    },
    async create(db, clientId, input) {
      const row = await db.insertInto('user_groups').values({ client_id: clientId, name: input.name.trim(), created_at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, clientId, id, input) {
      const res = await db.updateTable('user_groups').set({ name: input.name.trim() }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remove(db, clientId, id) {
      const res = await db.deleteFrom('user_groups').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
  await app.register(members);
};
export default userGroups;
