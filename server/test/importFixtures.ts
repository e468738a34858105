import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { IMPORTS_PATH, type ImportType } from '@lp/shared/contract';
import { TEMPLATE_COLUMNS } from '../src/imports/columns.ts';
import { bearer, type Tokens } from './helpers.ts';

/** Fixtures for the import suites: spreadsheets built with exceljs, sent through real tus requests. */

export const TUS = '/api/files/tus/';
export const IMPORTS = `/api${IMPORTS_PATH}`;
export const tusHeaders = { 'tus-resumable': '1.0.0' };

export const header = (type: ImportType) => TEMPLATE_COLUMNS[type].map((c) => c.key);

export type Cell = ExcelJS.CellValue;

/** A workbook whose first sheet holds `rows` (the first row is the header). */
export async function xlsxOf(rows: Cell[][], sheetName = 'data'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Rows as objects keyed by the template's columns, in the template's order. */
export function sheetRowsOf(type: ImportType, records: Array<Record<string, Cell>>): Cell[][] {
  const keys = header(type);
  return [keys, ...records.map((r) => keys.map((k) => r[k] ?? null))];
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

/** tus creation: the upload's path (relative Location). */
export async function tusCreate(app: FastifyInstance, tokens: Tokens, size: number, fields: Record<string, string>) {
  return app.inject({
    method: 'POST', url: TUS,
    headers: { ...bearer(tokens), ...tusHeaders, 'upload-length': String(size), 'upload-metadata': metadata(fields) },
  });
}

export async function tusPatch(app: FastifyInstance, tokens: Tokens, location: string, offset: number, bytes: Buffer) {
  return app.inject({
    method: 'PATCH', url: location,
    headers: { ...bearer(tokens), ...tusHeaders, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
}

/**
 * Uploads `bytes` in two PATCH requests with a HEAD in between (a resume: the second chunk is
 * sent from the offset the server reports). Returns the upload id.
 */
export async function upload(app: FastifyInstance, tokens: Tokens, bytes: Buffer, filename = 'import.xlsx'): Promise<string> {
  const created = await tusCreate(app, tokens, bytes.length, { filename, filetype: 'application/octet-stream', kind: 'import' });
  if (created.statusCode !== 201) throw new Error(`tus create: ${created.statusCode} ${created.body}`);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  const first = await tusPatch(app, tokens, location, 0, bytes.subarray(0, half));
  if (first.statusCode !== 204) throw new Error(`tus patch 1: ${first.statusCode} ${first.body}`);
  const head = await app.inject({ method: 'HEAD', url: location, headers: { ...bearer(tokens), ...tusHeaders } });
  const offset = Number(head.headers['upload-offset']);
  if (offset !== half) throw new Error(`tus head: offset ${String(offset)} instead of ${half}`);
  const second = await tusPatch(app, tokens, location, offset, bytes.subarray(offset));
  if (second.statusCode !== 204) throw new Error(`tus patch 2: ${second.statusCode} ${second.body}`);
  return location.split('/').pop()!;
}

/** Upload + "save and validate"; the answer of POST imports. */
export async function createImport(app: FastifyInstance, tokens: Tokens, type: ImportType, bytes: Buffer, filename = 'import.xlsx') {
  const uploadId = await upload(app, tokens, bytes, filename);
  return app.inject({ method: 'POST', url: IMPORTS, headers: bearer(tokens), payload: { import_type: type, upload_id: uploadId } });
}

/** Creates an import of `records`, waits for its validation and returns the record. */
export async function validated(app: FastifyInstance, tokens: Tokens, type: ImportType, records: Array<Record<string, Cell>>) {
  const res = await createImport(app, tokens, type, await xlsxOf(sheetRowsOf(type, records)));
  if (res.statusCode !== 201) throw new Error(`create import: ${res.statusCode} ${res.body}`);
  return settledImport(app, tokens, res.json().id as number);
}

/**
 * The import once its pass has ended. A pass that failed is retried by the queue later (as in
 * production), and `jobs.idle()` does not wait for a retry that is not due yet: on a loaded machine
 * a worker process's SQLite write can outwait busy_timeout, so the first try of a pass may fail.
 */
export async function settledImport(app: FastifyInstance, tokens: Tokens, id: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.jobs.idle();
    const record = await getImport(app, tokens, id);
    if ((record.status !== 'awaiting' && record.status !== 'processing') || Date.now() > deadline) return record;
    await new Promise((resolve) => { setTimeout(resolve, 200); });
  }
}

export async function getImport(app: FastifyInstance, tokens: Tokens, id: number) {
  const res = await app.inject({ url: `${IMPORTS}${id}/`, headers: bearer(tokens) });
  if (res.statusCode !== 200) throw new Error(`get import: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function logsOf(app: FastifyInstance, tokens: Tokens, id: number, query = 'page_size=0') {
  const res = await app.inject({ url: `${IMPORTS}${id}/logs/?${query}`, headers: bearer(tokens) });
  if (res.statusCode !== 200) throw new Error(`logs: ${res.statusCode} ${res.body}`);
  return res.json().results as Array<{ line: number | null; code: string; field: string | null; log_type: string; content: string }>;
}

export async function processImport(app: FastifyInstance, tokens: Tokens, id: number) {
  return app.inject({ method: 'POST', url: `${IMPORTS}${id}/process/`, headers: bearer(tokens) });
}
