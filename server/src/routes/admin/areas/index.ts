import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Area, AreaInput } from '@lp/shared/contract';
import { registerCrud } from '../../../lib/crud.ts';

/** Areas of the selected client; renaming one changes only this client's label (spec 1 §3.7). */
const areas: FastifyPluginAsync = async (app) => {
  registerCrud(app, {
    resource: 'areas',
    path: ADMIN_RESOURCES.areas.apiPath,
    title: ADMIN_RESOURCES.areas.title,
    idColumn: 'areas.id',
    input: AreaInput,
    output: Area,
    listSpec: {
      searchColumns: ['areas.name'],
      sortable: { id: 'areas.id', name: 'areas.name', is_active: 'areas.is_active', created_at: 'areas.created_at' },
      defaultOrdering: 'name',
      filters: { is_active: 'areas.is_active' },
    },
    query: (db, clientId) => db.selectFrom('areas').select(['areas.id', 'areas.name', 'areas.translations', 'areas.is_active', 'areas.created_at'])
      .where('areas.client_id', '=', clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, name: r.name, translations: r.translations,
        is_active: r.is_active, created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      const row = await db.insertInto('areas').values({
        client_id: clientId, name: input.name.trim(), translations: JSON.stringify(input.translations ?? {}),
        is_active: input.is_active ?? true, created_at: new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, clientId, id, input) {
      const res = await db.updateTable('areas').set({
        name: input.name.trim(),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
      }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async remove(db, clientId, id) {
      const res = await db.deleteFrom('areas').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
};
export default areas;
