import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, Country, CountryInput, NamedItem, NamedItemInput } from '@lp/shared/contract';
import { registerCrud } from '../../lib/crud.ts';
import {
  countriesQuery, deleteCountry, deleteNamedItem, insertCountry, insertNamedItem, namedItemsQuery, renameNamedItem, updateCountry,
  type BranchNamedColumn, type NamedTable,
} from '../../repositories/organisation/named.ts';

/** Branch types, size types and regionals: one named row of the selected client (spec 1 §3.6, §3.8). */
function namedResource(app: Parameters<FastifyPluginAsync>[0], table: NamedTable, key: 'regionals' | 'branch_types' | 'branch_size_types', branchColumn: BranchNamedColumn) {
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
    query: (db, clientId) => namedItemsQuery(db, table, clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.created_at }));
    },
    async create(db, clientId, input) {
      return insertNamedItem(db, table, clientId, input.name.trim());
    },
    async update(db, clientId, id, input) {
      return renameNamedItem(db, table, clientId, id, input.name.trim());
    },
    async remove(db, clientId, id) {
      return deleteNamedItem(db, table, branchColumn, clientId, id);
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
    query: (db) => countriesQuery(db),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, created_at: r.created_at, use_document_mask: Boolean(r.use_document_mask) }));
    },
    async create(db, _clientId, input) {
      return insertCountry(db, { name: input.name.trim(), code: input.code.toUpperCase(), use_document_mask: input.use_document_mask ?? false });
    },
    async update(db, _clientId, id, input) {
      return updateCountry(db, id, {
        name: input.name.trim(), code: input.code.toUpperCase(),
        ...(input.use_document_mask !== undefined ? { use_document_mask: input.use_document_mask } : {}),
      });
    },
    async remove(db, _clientId, id) {
      return deleteCountry(db, id);
    },
  });
};
export default named;
