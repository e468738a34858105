import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_RESOURCES, IdParams, IMPORT_LOG_TYPES, IMPORT_MAX_BYTES, IMPORT_STATUSES, IMPORT_TYPES, IMPORTS_PATH, ImportCreate, ImportRecord,
  FileAnswer, ListQuery, XLSX_MIME, canProcessImport, importLogsPath, importPath, importProcessPath, isTargetImportType, type ImportType, ImportLog,
} from '@lp/shared/contract';
import { canOpenAdminTitle } from '@lp/shared/rules';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  findImport, importListQuery, importLogListQuery, insertImport, startImportProcessing, toImportLog, toImportRecord,
} from '../../repositories/imports.ts';
import { consumeUpload, openUpload } from '../../repositories/uploads.ts';
import { dataRows } from '../../imports/engine.ts';
import { PROCESS_JOB, VALIDATE_JOB, processKey, validateKey } from '../../imports/jobs.ts';
import { loadLookups } from '../../imports/lookups.ts';
import { SpreadsheetError, hasZipSignature } from '../../imports/reader.ts';
import { templateFileName, writeTemplate } from '../../imports/template.ts';
import { titleAccess } from '../../lib/access.ts';

const invalidFile = (detail: string) => new HttpError(400, 'test_validation_error', `Error in data validation. Please use the template format: ${detail}`);

/**
 * spec 1 §8.4 "use the template format": an .xlsx (zip signature), readable by exceljs, whose
 * header is the template's and which has at least one data row. Reads only that far.
 */
export async function checkSpreadsheet(file: string, fileName: string, type: ImportType): Promise<void> {
  if (!fileName.toLowerCase().endsWith('.xlsx')) throw invalidFile('the file is not .xlsx');
  if (!(await hasZipSignature(file))) throw invalidFile('the file is not an xlsx spreadsheet');
  try {
    for await (const _row of dataRows(file, type)) return;
  } catch (error) {
    if (error instanceof SpreadsheetError) throw invalidFile(error.message);
    throw error;
  }
  throw invalidFile('the sheet has no data rows');
}

/** The imports screen's types; an appointment's are asked for from its screen (routes/presential/imports.ts). */
const CLIENT_IMPORT_TYPES = IMPORT_TYPES.filter((t) => !isTargetImportType(t));
const ImportTypeParams = Type.Object({ import_type: Type.Union(CLIENT_IMPORT_TYPES.map((t) => Type.Literal(t))) });

const ImportListQuery = Type.Composite([ListQuery, Type.Object({
  import_type: Type.Optional(Type.Union(IMPORT_TYPES.map((t) => Type.Literal(t)))),
  status: Type.Optional(Type.Union(IMPORT_STATUSES.map((s) => Type.Literal(s)))),
})]);

const LogListQuery = Type.Composite([ListQuery, Type.Object({
  log_type: Type.Optional(Type.Union(IMPORT_LOG_TYPES.map((t) => Type.Literal(t)))),
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

const logListSpec: ListSpec = {
  searchColumns: [],
  sortable: { id: 'import_logs.id', line: 'import_logs.line', log_type: 'import_logs.log_type' },
  defaultOrdering: 'id',
  filters: { log_type: 'import_logs.log_type' },
};

/** `attachment` with an ASCII name and the RFC 5987 one. */
/**
 * The start of every import (the generic screen's and an appointment's): the caller's own finished
 * upload of `uploadKind`, checked as a spreadsheet of `type`, leaves the tus store for the import's
 * own file in one transaction with the import row, and the validation pass is queued.
 */
export async function startImport(app: FastifyInstance, { clientId, user, uploadId, uploadKind, type, targetId }: {
  clientId: number; user: { id: number; language_id: number }; uploadId: string; uploadKind: string; type: ImportType; targetId: number | null;
}): Promise<ImportRecord> {
  // only the uploader's own finished upload, made under the same client, not yet used
  const upload = await openUpload(app.db, { userId: user.id, clientId }, uploadId, uploadKind, false);
  if (!upload) throw notFound();
  const progress = await app.tus.progress(upload.id);
  if (!progress || progress.size === null || progress.offset !== progress.size) {
    throw new HttpError(409, 'validation_error', 'The upload is not complete');
  }
  await checkSpreadsheet(app.tus.filePath(upload.id), upload.file_name, type);

  const filePath = path.posix.join('uploads', 'imports', `${upload.id}.xlsx`);
  const id = await app.db.transaction().execute(async (trx) => {
    const now = new Date();
    if (!(await consumeUpload(trx, upload.id, now))) throw notFound();
    const importId = await insertImport(trx, {
      client_id: clientId, import_type: type, target_id: targetId, status: 'awaiting', phase: null, file_name: upload.file_name,
      file_path: filePath, upload_id: upload.id, total_rows: null, created_by: user.id, language_id: user.language_id,
      created_at: now, updated_at: now, finished_at: null,
    });
    // the bytes leave the tus store: no one can change or delete them under the import
    await app.tus.consume(upload.id, path.join(app.config.dataDir, filePath));
    return importId;
  });
  await app.jobs.enqueue(VALIDATE_JOB, { importId: id }, { dedupeKey: validateKey(id) });
  return toImportRecord((await findImport(app.db, clientId, id))!);
}

export const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * spec 1 §2.3 admin-imports: template download, "save and validate", "process", list, detail
 * and logs. Superuser-only (title admin_import, §6.1); everything scoped to the selected client.
 */
const imports: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.imports.title);

  // the spreadsheet goes up through tus first (DESIGN "Files and media"), by who may import
  app.tus.defineKind('import', {
    maxBytes: IMPORT_MAX_BYTES,
    extensions: ['.xlsx'],
    allowed: (auth) => canOpenAdminTitle(auth.subject, ADMIN_RESOURCES.imports.title) === 'allow',
  });

  app.get('/admin_imports/templates/:import_type/', {
    config: { access: guard }, schema: { params: ImportTypeParams, response: { 200: FileAnswer } },
  }, async (request, reply) => {
    const { import_type: type } = request.params;
    const languageId = authOf(request).user.language_id;
    const lookups = await loadLookups(app.db, clientOf(request), null, languageId);
    const body = new PassThrough();
    writeTemplate(body, type, lookups, languageId).catch((error: unknown) => {
      request.log.error({ err: error }, 'import template failed');
      body.destroy(error as Error);
    });
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', attachment(templateFileName(languageId, type)))
      .header('Cache-Control', 'no-store')
      .send(body);
  });

  app.post(IMPORTS_PATH, {
    config: { access: guard }, schema: { body: ImportCreate, response: { 201: ImportRecord } },
  }, async (request, reply) => {
    const { user } = authOf(request);
    const clientId = clientOf(request);
    const { import_type: type, upload_id: uploadId } = request.body;
    if (isTargetImportType(type)) throw new HttpError(400, 'validation_error', 'This import is made from its record', { import_type: 'validation_error' });
    // only the uploader's own finished upload, made under the same client, not yet used
    return reply.status(201).send(await startImport(app, { clientId, user, uploadId, uploadKind: 'import', type, targetId: null }));
  });

  app.get(IMPORTS_PATH, { config: { access: guard }, schema: { querystring: ImportListQuery, response: listResponse(ImportRecord) } }, async (request, reply) => {
    const { import_type, status, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, importListSpec);
    if (import_type) list.filters.push({ column: 'imports.import_type', values: [import_type] });
    if (status) list.filters.push({ column: 'imports.status', values: [status] });
    const { rows, total } = await runList(importListQuery(app.db, clientOf(request)), list, importListSpec);
    return sendList(reply, ADMIN_RESOURCES.imports.name, list, rows.map(toImportRecord), total);
  });

  app.get(importPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, response: { 200: ImportRecord } },
  }, async (request) => {
    const row = await findImport(app.db, clientOf(request), request.params.id);
    if (!row) throw notFound();
    return toImportRecord(row);
  });

  app.post(importProcessPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, response: { 202: ImportRecord } },
  }, async (request, reply) => {
    const clientId = clientOf(request);
    const row = await findImport(app.db, clientId, request.params.id);
    if (!row) throw notFound();
    const refused = () => new HttpError(409, 'invalid_status_transition', 'This import can only be processed once it has been validated');
    if (!canProcessImport(row.status)) throw refused();
    // the conditional update is the lock: of two clicks, one starts the processing
    if (!(await startImportProcessing(app.db, clientId, row.id))) throw refused();
    await app.jobs.enqueue(PROCESS_JOB, { importId: row.id }, { dedupeKey: processKey(row.id) });
    return reply.status(202).send(toImportRecord((await findImport(app.db, clientId, row.id))!));
  });

  app.get(importLogsPath(':id'), {
    config: { access: guard }, schema: { params: IdParams, querystring: LogListQuery, response: listResponse(ImportLog) },
  }, async (request, reply) => {
    const row = await findImport(app.db, clientOf(request), request.params.id);
    if (!row) throw notFound();
    const { log_type, ...listQuery } = request.query;
    const list = parseListQuery(listQuery, logListSpec);
    if (log_type) list.filters.push({ column: 'import_logs.log_type', values: [log_type] });
    const { rows, total } = await runList(importLogListQuery(app.db, row.id), list, logListSpec);
    const languageId = authOf(request).user.language_id;
    return sendList(reply, 'admin-import-logs', list, rows.map((r) => toImportLog(r, row.import_type, languageId)), total);
  });
};
export default imports;
