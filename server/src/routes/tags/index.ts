import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Tag, TagInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import { areasOfTags, deleteTag, insertTag, ownedAreaCount, renameTag, replaceTagAreas, tagsQuery } from '../../repositories/tags.ts';

/** Only the client's own areas may be linked to its tags. */
async function setAreas(db: Db, clientId: number, tagId: number, areaIds: number[] | undefined) {
  if (areaIds === undefined) return;
  const unique = [...new Set(areaIds)];
  if (unique.length) {
    if ((await ownedAreaCount(db, clientId, unique)) !== unique.length) throw new HttpError(400, 'validation_error', 'Unknown area', { area_ids: 'validation_error' });
  }
  await replaceTagAreas(db, tagId, unique);
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
    query: tagsQuery,
    plainQuery: true,
    async toApi(db, rows) {
      const links = await areasOfTags(db, rows.map((r) => r.id));
      return rows.map((r) => {
        const areas = links.filter((l) => l.tag_id === r.id).map((l) => ({ id: l.id, name: l.name }));
        return { id: r.id, name: r.name, area_ids: areas.map((a) => a.id), areas, created_at: r.created_at };
      });
    },
    async create(db, clientId, input) {
      const id = await insertTag(db, clientId, input.name.trim());
      await setAreas(db, clientId, id, input.area_ids);
      return id;
    },
    async update(db, clientId, id, input) {
      if (!(await renameTag(db, clientId, id, input.name.trim()))) return false;
      await setAreas(db, clientId, id, input.area_ids);
      return true;
    },
    async remove(db, clientId, id) {
      return deleteTag(db, clientId, id);
    },
  });
};
export default tags;
