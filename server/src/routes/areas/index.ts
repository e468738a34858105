import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Area, AreaInput } from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import { areasQuery, deleteArea, insertArea, updateArea } from '../../repositories/organisation/areas.ts';

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
    query: areasQuery,
    async toApi(_db, rows) {
      return rows.map((r) => ({
        id: r.id, name: r.name, translations: r.translations,
        is_active: r.is_active, created_at: r.created_at,
      }));
    },
    async create(db, clientId, input) {
      return insertArea(db, {
        client_id: clientId, name: input.name.trim(), translations: JSON.stringify(input.translations ?? {}),
        is_active: input.is_active ?? true, created_at: new Date(),
      });
    },
    async update(db, clientId, id, input) {
      return updateArea(db, clientId, id, {
        name: input.name.trim(),
        ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
      });
    },
    async remove(db, clientId, id) {
      return deleteArea(db, clientId, id);
    },
  });
};
export default areas;
