import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Country, CountryInput, NamedItem, NamedItemInput } from '@lp/shared/contract';
import { registerCrud } from '../../../lib/crud.ts';

type NamedTable = 'regionals' | 'branch_types' | 'branch_size_types';

/** Branch types, size types and regionals: one named row of the selected client (spec 1 §3.6, §3.8). */
function namedResource(app: Parameters<FastifyPluginAsync>[0], table: NamedTable, key: 'regionals' | 'branch_types' | 'branch_size_types', branchColumn: 'regional_id' | 'branch_type_id' | 'size_type_id') {
  const def = ADMIN_RESOURCES[key];
  registerCrud(app, {
    resource: def.name,
    path: def.apiPath,
    title: def.title,
    idColumn: `${table}.id`,
    input: NamedItemInput,
    output: NamedItem,
    listSpec: {
      searchColumns: [`${table}.name`],
      sortable: { id: `${table}.id`, name: `${table}.name`, created_at: `${table}.created_at` },
      defaultOrdering: 'name',
    },
    query: (db, clientId) => db.selectFrom(table).select(['id', 'name', 'created_at']).where('client_id', '=', clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.created_at }));
    },
    async create(db, clientId, input) {
      const row = await db.insertInto(table).values({ client_id: clientId, name: input.name.trim(), created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, clientId, id, input) {
      const res = await db.updateTable(table).set({ name: input.name.trim() }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remove(db, clientId, id) {
      await db.updateTable('branches').set({ [branchColumn]: null }).where('client_id', '=', clientId).where(branchColumn, '=', id).execute();
      const res = await db.deleteFrom(table).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
}

const named: FastifyPluginAsync = async (app) => {
  namedResource(app, 'branch_types', 'branch_types', 'branch_type_id');
  namedResource(app, 'branch_size_types', 'branch_size_types', 'size_type_id');
  namedResource(app, 'regionals', 'regionals', 'regional_id');

  // countries are shared by every client, so only a superuser edits them (title `configuration`)
  registerCrud(app, {
    resource: ADMIN_RESOURCES.countries.name,
    path: ADMIN_RESOURCES.countries.apiPath,
    title: ADMIN_RESOURCES.countries.title,
    idColumn: 'countries.id',
    input: CountryInput,
    output: Country,
    listSpec: {
      searchColumns: ['countries.name', 'countries.code'],
      sortable: { id: 'countries.id', name: 'countries.name', code: 'countries.code' },
      defaultOrdering: 'name',
    },
    query: (db) => db.selectFrom('countries').select(['id', 'name', 'code', 'created_at']),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, created_at: r.created_at }));
    },
    async create(db, _clientId, input) {
      const row = await db.insertInto('countries').values({ name: input.name.trim(), code: input.code.toUpperCase(), created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, _clientId, id, input) {
      const res = await db.updateTable('countries').set({ name: input.name.trim(), code: input.code.toUpperCase() }).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remove(db, _clientId, id) {
      await db.updateTable('users').set({ country_id: null }).where('country_id', '=', id).execute();
      const res = await db.deleteFrom('countries').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
};
export default named;
