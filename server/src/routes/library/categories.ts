import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIBRARY_PATHS, LibraryCategory, LibraryCategoryInput, ListQuery } from '@lp/shared/contract';
import { validateLibraryCategoryName } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { categoryNameTaken, categoryQuery, toCategories, categoryRows } from '../../repositories/library.ts';
import { LIBRARY_CATEGORIES_TITLE, LIBRARY_TITLE } from './common.ts';
import { titleAccess } from '../../lib/access.ts';
import { IdParams } from '../../lib/params.ts';
import { deleteLibraryCategory, insertLibraryCategory, renameLibraryCategory } from '../../repositories/libraryAdmin.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['library_categories.name'],
  sortable: { id: 'library_categories.id', name: 'library_categories.name', created_at: 'library_categories.created_at' },
  defaultOrdering: 'name',
};

/** Required, ≤ 100, and no other category of the client with the same name whatever its case. */
async function checkedName(db: Db, clientId: number, name: string, exceptId: number | null): Promise<string> {
  const code = validateLibraryCategoryName(name);
  if (code) throw new HttpError(400, code, 'The name is not valid', { name: code });
  const trimmed = name.trim();
  if (await categoryNameTaken(db, clientId, trimmed, exceptId)) {
    throw new HttpError(409, 'name_not_unique', 'A library category with this name already exists', { name: 'name_not_unique' });
  }
  return trimmed;
}

/**
 * spec 3 §2 /admin/library/categories (title library_categories): list, read, create, update,
 * delete. The file editor (title library) reads them too, to choose one. A category that files
 * still use is not deleted (the files would lose their category).
 */
const categories: FastifyPluginAsyncTypebox = async (app) => {
  const read = titleAccess(LIBRARY_CATEGORIES_TITLE, LIBRARY_TITLE);
  const write = titleAccess(LIBRARY_CATEGORIES_TITLE);
  const item = LIBRARY_PATHS.category(':id');

  async function one(clientId: number, id: number): Promise<LibraryCategory> {
    const [category] = await toCategories(app.db, await categoryRows(app.db, clientId, id));
    if (!category) throw notFound();
    return category;
  }

  app.get(LIBRARY_PATHS.categories, { config: { access: read }, schema: { querystring: ListQuery, response: listResponse(LibraryCategory) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(categoryQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'library_categories', list, await toCategories(app.db, rows), total);
  });

  app.get(item, { config: { access: read }, schema: { params: IdParams, response: { 200: LibraryCategory } } }, async (request) =>
    one(clientOf(request), request.params.id));

  app.post(LIBRARY_PATHS.categories, {
    config: { access: write }, schema: { body: LibraryCategoryInput, response: { 201: LibraryCategory } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => {
      const name = await checkedName(trx, clientId, request.body.name, null);
      return insertLibraryCategory(trx, clientId, name);
    });
    return reply.status(201).send(await one(clientId, id));
  });

  app.put(item, {
    config: { access: write }, schema: { params: IdParams, body: LibraryCategoryInput, response: { 200: LibraryCategory } },
  }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await one(clientId, id);
    await app.db.transaction().execute(async (trx) => {
      const name = await checkedName(trx, clientId, request.body.name, id);
      await renameLibraryCategory(trx, clientId, id, name);
    });
    return one(clientId, id);
  });

  // answers the deleted record: react-admin's delete expects it back
  app.delete(item, { config: { access: write }, schema: { params: IdParams, response: { 200: LibraryCategory } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await one(clientId, request.params.id);
    if (before.qty_files > 0) {
      throw new HttpError(409, 'library_category_in_use', 'Files of the library are filed under this category');
    }
    await deleteLibraryCategory(app.db, clientId, before.id);
    return before;
  });
};
export default categories;
