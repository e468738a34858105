import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, TrailCategory, TrailCategoryInput } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { registerCrud } from '../../lib/crud.ts';
import { HttpError } from '../../lib/httpError.ts';
import {
  toTrailCategories, trailCategoryNameTaken, trailCategoryQuery, deleteTrailCategory, insertTrailCategory, renameTrailCategory, trailCategoryExists,
} from '../../repositories/trailCategories.ts';
import { TRAILS_TITLE, trailAccess } from './common.ts';

/** A name that is blank once trimmed, or another category's (whatever its case), is refused. */
async function checkedName(db: Db, clientId: number, name: string, exceptId: number | null): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The name is required', { name: 'make_sure_that_all_fields_are_filled_in' });
  if (await trailCategoryNameTaken(db, clientId, trimmed, exceptId)) {
    throw new HttpError(409, 'name_not_unique', 'A trail category with this name already exists', { name: 'name_not_unique' });
  }
  return trimmed;
}

/**
 * spec 2 §2.4 trail categories (/admin/trail/categories, title slug trails): list, read,
 * create, update and delete (writes also need trails_manage). Deleting a category unlinks it
 * from its trails.
 */
const categories: FastifyPluginAsync = async (app) => {
  // spec 2 §6: changing what trails are filed under is managing trails
  registerCrud(app, {
    resource: 'trail_categories',
    path: ADMIN_RESOURCES.trail_categories.apiPath,
    title: TRAILS_TITLE,
    writePermission: trailAccess.write.permission,
    idColumn: 'trail_categories.id',
    input: TrailCategoryInput,
    output: TrailCategory,
    listSpec: {
      searchColumns: ['trail_categories.name'],
      sortable: { id: 'trail_categories.id', name: 'trail_categories.name', created_at: 'trail_categories.created_at' },
      defaultOrdering: 'name',
    },
    query: trailCategoryQuery,
    toApi: toTrailCategories,
    async create(db, clientId, input) {
      const name = await checkedName(db, clientId, input.name, null);
      return insertTrailCategory(db, clientId, name);
    },
    async update(db, clientId, id, input) {
      if (!(await trailCategoryExists(db, clientId, id))) return false;
      const name = await checkedName(db, clientId, input.name, id);
      return renameTrailCategory(db, clientId, id, name);
    },
    async remove(db, clientId, id) {
      return deleteTrailCategory(db, clientId, id);
    },
  });
};
export default categories;
