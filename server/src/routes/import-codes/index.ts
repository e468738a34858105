import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, ImportCode, ImportCodeInput } from '@lp/shared/contract';
import { isValidImportCode } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { registerCrud } from '../../lib/crud.ts';
import { deleteImportCode, importCodesQuery, insertImportCode, updateImportCode } from '../../repositories/importCodes.ts';

const invalid = () => new HttpError(400, 'invalid_import_code', 'Use 3 to 40 letters, digits, - or _', { code: 'invalid_import_code' });

/**
 * spec 1 §2.3 `import-code` (superuser only, §6.1): the selected client's import codes, each
 * naming that client for self-registration and the users import (docs/api.md "Import codes").
 */
const importCodes: FastifyPluginAsync = async (app) => {
  const def = ADMIN_RESOURCES.import_codes;
  registerCrud(app, {
    resource: def.name,
    path: def.apiPath,
    title: def.title,
    idColumn: 'client_import_codes.id',
    input: ImportCodeInput,
    output: ImportCode,
    listSpec: {
      searchColumns: ['client_import_codes.code', 'client_import_codes.description'],
      sortable: { id: 'client_import_codes.id', code: 'client_import_codes.code', created_at: 'client_import_codes.created_at' },
      defaultOrdering: 'code',
    },
    query: (db, clientId) => importCodesQuery(db, clientId),
    async toApi(_db, rows) {
      return rows.map((r) => ({ id: r.id, code: r.code, description: r.description, created_at: r.created_at }));
    },
    async create(db, clientId, input) {
      if (!isValidImportCode(input.code)) throw invalid();
      return insertImportCode(db, clientId, input);
    },
    async update(db, clientId, id, input) {
      if (!isValidImportCode(input.code)) throw invalid();
      return updateImportCode(db, clientId, id, input);
    },
    remove: (db, clientId, id) => deleteImportCode(db, clientId, id),
  });
};
export default importCodes;
