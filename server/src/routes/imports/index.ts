import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, IdParams, IMPORT_MAX_BYTES, IMPORT_STATUSES, IMPORT_TYPES, IMPORTS_PATH, ImportCreate, ImportRecord,
  FileAnswer, ListQuery, importLogsPath, importPath, importProcessPath, isTargetImportType, ImportLog, type ImportType,
} from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { findImport, importListQuery, toImportRecord } from '../../repositories/imports.ts';
import { loadLookups } from '../../imports/lookups.ts';
import { titleAccess } from '../../lib/access.ts';
import { ImportLogListQuery, processImport, sendImportLogs, sendImportTemplate, startImport } from './steps.ts';

export { ImportLogListQuery, attachment, checkSpreadsheet, processImport, sendImportLogs, sendImportTemplate, startImport } from './steps.ts';

const CLIENT_IMPORT_TYPES = IMPORT_TYPES.filter((t) => !isTargetImportType(t));
const ImportTypeParams = Type.Object({ import_type: Type.Union(CLIENT_IMPORT_TYPES.map((t) => Type.Literal(t))) });

const ImportListQuery = Type.Composite([ListQuery, Type.Object({
  import_type: Type.Optional(Type.Union(IMPORT_TYPES.map((t) => Type.Literal(t)))),
  status: Type.Optional(Type.Union(IMPORT_STATUSES.map((s) => Type.Literal(s)))),
})]);

const importListSpec: ListSpec = {
  searchColumns: ['imports.file_name'],
  sortable: {
    id: 'imports.id', created_at: 'imports.created_at', updated_at: 'imports.updated_at', status: 'imports.status',
    import_type: 'imports.import_type', file_name: 'imports.file_name',
  },
  defaultOrdering: '-id',
  filters: { import_type: 'imports.import_type', status: 'imports.status' },
};

type Subject = Parameters<typeof canOpenAdminTitle>[0];

/**
 * The import types a caller may run: every one with the imports screen (admin_import, superuser
 * only), only the headquarters import with the module item headquarter_import (spec 1 §2.3
 * headquarter-import, §6.2).
 */
function importTypesOf(subject: Subject): readonly ImportType[] | 'all' {
  if (canOpenAdminTitle(subject, ADMIN_RESOURCES.imports.title) === 'allow') return 'all';
  return canOpenAdminTitle(subject, ADMIN_RESOURCES.headquarter_import.title) === 'allow' ? ['headquarters'] : [];
}
const mayRun = (types: readonly ImportType[] | 'all', type: ImportType) => types === 'all' || types.includes(type);
const superuserOnly = () => new HttpError(403, 'superuser_only', 'Only superusers can do this');

/**
 * spec 1 §2.3 admin-imports: template download, "save and validate", "process", list, detail
 * and logs. Superuser-only (title admin_import, §6.1), except the headquarters import that the
 * module item headquarter_import also opens (its own screen, headquarter-import); everything
 * scoped to the selected client.
 */
const imports: FastifyPluginAsyncTypebox = async (app) => {
  // admin_import last: whoever holds neither is told the screen is the superuser's (auth.ts reads the last refusal)
  const guard = titleAccess(ADMIN_RESOURCES.headquarter_import.title, ADMIN_RESOURCES.imports.title);
  const typesOf = (request: FastifyRequest) => importTypesOf(authOf(request).subject);
  /** The client's import, when the caller may run its type (another type answers as unknown). */
  const findOwn = async (request: FastifyRequest, id: number) => {
    const row = await findImport(app.db, clientOf(request), id);
    if (!row || !mayRun(typesOf(request), row.import_type)) throw notFound();
    return row;
  };

  // the spreadsheet goes up through tus first (DESIGN "Files and media"), by who may import
  app.tus.defineKind('import', {
    maxBytes: IMPORT_MAX_BYTES,
    extensions: ['.xlsx'],
    allowed: (auth) => importTypesOf(auth.subject).length > 0,
  });

  app.get('/admin_imports/templates/:import_type/', {
    config: { access: guard }, schema: { params: ImportTypeParams, response: { 200: FileAnswer } },
  }, async (request, reply) => {
    const { import_type: type } = request.params;
    if (!mayRun(typesOf(request), type)) throw superuserOnly();
    const lookups = await loadLookups(app.db, clientOf(request), null, authOf(request).user.language_id);
    return sendImportTemplate(request, reply, type, lookups);
  });

  app.post(IMPORTS_PATH, {
    config: { access: guard }, schema: { body: ImportCreate, response: { 201: ImportRecord } },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const clientId = clientOf(request);
    const { import_type: type, upload_id: uploadId } = request.body;
    if (!mayRun(typesOf(request), type)) throw superuserOnly();
    if (isTargetImportType(type)) throw new HttpError(400, 'validation_error', 'This import is made from its record', { import_type: 'validation_error' });
    // only the uploader's own finished upload, made under the same client, not yet used
    return reply.status(201).send(await startImport(app, { clientId, user, uploadId, uploadKind: 'import', type, targetId: null }));
  });

  app.get(IMPORTS_PATH, { config: { access: guard }, schema: { querystring: ImportListQuery, response: listResponse(ImportRecord) } }, async (request, reply) => {
    const { import_type, status, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, importListSpec);
    if (import_type) list.filters.push({ column: 'imports.import_type', values: [import_type] });
    const types = typesOf(request);
    if (types !== 'all') list.filters.push({ column: 'imports.import_type', values: [...types] });
    if (status) list.filters.push({ column: 'imports.status', values: [status] });
    const { rows, total } = await runList(importListQuery(app.db, clientOf(request)), list, importListSpec);
    return sendList(reply, ADMIN_RESOURCES.imports.name, list, rows.map(toImportRecord), total);
  });

  app.get(importPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, response: { 200: ImportRecord } },
  }, async (request) => toImportRecord(await findOwn(request, request.params.id)));

  app.post(importProcessPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, response: { 202: ImportRecord } },
  }, async (request, reply) => {
    const row = await findOwn(request, request.params.id);
    return reply.status(202).send(await processImport(app, clientOf(request), row));
  });

  app.get(importLogsPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, querystring: ImportLogListQuery, response: listResponse(ImportLog) },
  }, async (request, reply) => {
    const row = await findOwn(request, request.params.id);
    return sendImportLogs(app, request, reply, row, request.query);
  });
};
export default imports;
