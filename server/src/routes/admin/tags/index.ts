import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Tag, TagInput } from '@lp/shared/contract';
import type { Db } from '../../../db/database.ts';
import { registerCrud } from '../../../lib/crud.ts';
import { HttpError } from '../../../lib/httpError.ts';

/** Only the client's own areas may be linked to its tags. */
async function setAreas(db: Db, clientId: number, tagId: number, areaIds: number[] | undefined) {
  if (areaIds === undefined) return;
  const unique = [...new Set(areaIds)];
  if (unique.length) {
    const owned = await db.selectFrom('areas').select('id').where('client_id', '=', clientId).where('id', 'in', unique).execute();
    if (owned.length !== unique.length) throw new HttpError(400, 'validation_error', 'Unknown area', { area_ids: 'validation_error' });
  }
  await db.deleteFrom('tag_areas').where('tag_id', '=', tagId).execute();
  if (unique.length) await db.insertInto('tag_areas').values(unique.map((area_id) => ({ tag_id: tagId, area_id }))).execute();
}

const tags: FastifyPluginAsync = async (app) => {
  registerCrud(app, {
    resource: 'tags',
    path: ADMIN_RESOURCES.tags.apiPath,
    title: ADMIN_RESOURCES.tags.title,
    idColumn: 'tags.id',
    input: TagInput,
    output: Tag,
    listSpec: {
      searchColumns: ['tags.name'],
      sortable: { id: 'tags.id', name: 'tags.name', created_at: 'tags.created_at' },
      defaultOrdering: 'name',
    },
    query: (db, clientId) => db.selectFrom('tags').select(['tags.id', 'tags.name', 'tags.created_at']).where('tags.client_id', '=', clientId),
    async toApi(db, rows) {
      const ids = rows.map((r) => r.id);
      const links = ids.length
        ? await db.selectFrom('tag_areas').innerJoin('areas', 'areas.id', 'tag_areas.area_id')
          .select(['tag_areas.tag_id', 'areas.id', 'areas.name']).where('tag_areas.tag_id', 'in', ids).orderBy('areas.name').execute()
        : [];
      return rows.map((r) => {
        const areas = links.filter((l) => l.tag_id === r.id).map((l) => ({ id: l.id, name: l.name }));
        return { id: r.id, name: r.name, area_ids: areas.map((a) => a.id), areas, created_at: r.created_at };
      });
    },
    async create(db, clientId, input) {
      const row = await db.insertInto('tags').values({ client_id: clientId, name: input.name.trim(), created_at: new Date() })
        .returning('id').executeTakeFirstOrThrow();
      await setAreas(db, clientId, row.id, input.area_ids);
      return row.id;
    },
    async update(db, clientId, id, input) {
      const res = await db.updateTable('tags').set({ name: input.name.trim() }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await setAreas(db, clientId, id, input.area_ids);
      return true;
    },
    async remove(db, clientId, id) {
      const res = await db.deleteFrom('tags').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  });
};
export default tags;
