import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  IMPORT_LOG_TYPES, ListQuery, XLSX_MIME, canProcessImport, type ImportRecord, type ImportType,
} from '@lp/shared/contract';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf } from '../../plugins/app/auth.ts';
import {
  findImport, importLogListQuery, insertImport, startImportProcessing, toImportLog, toImportRecord, type ImportWithCreator,
} from '../../repositories/imports.ts';
import { consumeUpload, openUpload } from '../../repositories/uploads.ts';
import { dataRows } from '../../imports/engine.ts';
import { PROCESS_JOB, VALIDATE_JOB, processKey, validateKey } from '../../imports/jobs.ts';
import type { Lookups } from '../../imports/lookups.ts';
import { SpreadsheetError, hasZipSignature } from '../../imports/reader.ts';
import { templateFileName, writeTemplate } from '../../imports/template.ts';

/**
 * The steps every import route shares — the generic imports screen's and a record's own (an
 * appointment's, a reward's codes): the template download, the start, the processing pass and the
 * log lines. Each caller first finds the import its way (its record, its permission).
 */

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
/**
 * The start of every import (the generic screen's and an appointment's): the caller's own finished
 * upload of `uploadKind`, checked as a spreadsheet of `type`, leaves the tus store for the import's
 * own file in one transaction with the import row, and the validation pass is queued.
 */
/**
 * The start of every import (the generic screen's and a record's): the caller's own finished
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
  await app.tus.readWith(upload.id, (file) => checkSpreadsheet(file, upload.file_name, type));

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
    await app.tus.consume(upload.id, filePath);
    return importId;
  });
  await app.jobs.enqueue(VALIDATE_JOB, { importId: id }, { dedupeKey: validateKey(id) });
  return toImportRecord((await findImport(app.db, clientId, id))!);
}

/** `attachment` with an ASCII name and the RFC 5987 one. */
export const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const ImportLogListQuery = Type.Composite([ListQuery, Type.Object({
  log_type: Type.Optional(Type.Union(IMPORT_LOG_TYPES.map((t) => Type.Literal(t)))),
})]);

const logListSpec: ListSpec = {
  searchColumns: [],
  sortable: { id: 'import_logs.id', line: 'import_logs.line', log_type: 'import_logs.log_type' },
  defaultOrdering: 'id',
  filters: { log_type: 'import_logs.log_type' },
};

/** The template of `type` as an .xlsx download, its drop-downs from `lookups`, in the reader's language. */
export function sendImportTemplate(request: FastifyRequest, reply: FastifyReply, type: ImportType, lookups: Lookups) {
  const languageId = authOf(request).user.language_id;
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
}

/** Queues the processing pass of a validated import; of two clicks, the conditional update lets one through. */
export async function processImport(app: FastifyInstance, clientId: number, row: ImportWithCreator): Promise<ImportRecord> {
  const refused = () => new HttpError(409, 'invalid_status_transition', 'This import can only be processed once it has been validated');
  if (!canProcessImport(row.status)) throw refused();
  if (!(await startImportProcessing(app.db, clientId, row.id))) throw refused();
  await app.jobs.enqueue(PROCESS_JOB, { importId: row.id }, { dedupeKey: processKey(row.id) });
  return toImportRecord((await findImport(app.db, clientId, row.id))!);
}

/** An import's log lines, in the reader's language, optionally of one log type. */
export async function sendImportLogs(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, row: ImportWithCreator, query: Static<typeof ImportLogListQuery>) {
  const { log_type: logType, ...listQuery } = query;
  const list = parseListQuery(listQuery, logListSpec);
  if (logType) list.filters.push({ column: 'import_logs.log_type', values: [logType] });
  const { rows, total } = await runList(importLogListQuery(app.db, row.id), list, logListSpec);
  const languageId = authOf(request).user.language_id;
  return sendList(reply, 'admin-import-logs', list, rows.map((r) => toImportLog(r, row.import_type, languageId)), total);
}
