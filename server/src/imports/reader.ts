import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type yauzl from 'yauzl';
import { openZipArchive, type ZipArchive } from '../lib/zipArchive.ts';

/** A cell as the import reads it: never a formula to run, only text, numbers, booleans or dates. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** line as Excel shows it (header = 1) */
  line: number;
  /** index 0 = column A */
  cells: CellValue[];
}

/** The file is not a spreadsheet the import can read (spec 1 §8.4 test_validation_error). */
export class SpreadsheetError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpreadsheetError';
  }
}

/** Unpacked size refused for any one part: a 100k × 20 users sheet is ~60 MB of XML. */
export const MAX_PART_BYTES = 512 * 1024 * 1024;

/** xlsx files are zip archives: local file header PK\x03\x04. */
export async function hasZipSignature(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return bytesRead === 4 && buffer.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await handle.close();
  }
}

/**
 * What a stored cell holds, without evaluating anything: a formula gives its cached result, or
 * its own text when no result was saved; rich text and hyperlinks give their text.
 */
export function plainValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as {
      formula?: string; sharedFormula?: string; result?: unknown; richText?: Array<{ text?: string }>;
      text?: unknown; hyperlink?: string; error?: string; sharedString?: number;
    };
    if (v.formula !== undefined || v.sharedFormula !== undefined) {
      const result = v.result;
      if (result !== undefined && result !== null && typeof result !== 'object') return plainValue(result);
      if (result instanceof Date) return result;
      return v.formula ? `=${v.formula}` : null;
    }
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if (v.text !== undefined) return plainValue(v.text);
    if (v.error !== undefined) return null;
  }
  return null;
}

const READER_OPTIONS = {
  worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
} as const;

interface Relationship { Id: string; Target: string }
interface SheetModel { id: number; name: string; rId: string; state?: string }

/**
 * The part parsers of exceljs's streaming WorkbookReader, called one by one. Its own `parse()`
 * walks the zip in stored order with a single streaming pass that, under load, loses the parts
 * stored last (exceljs issues #683 and #3064: rows come back without their shared strings, or
 * no workbook model). Reading through the central directory gives every part in the order the
 * worksheet needs, and the sheet still streams row by row.
 */
interface WorkbookParts {
  workbookRels?: Relationship[];
  model?: { sheets?: SheetModel[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** Opens a part as UTF-8 text chunks: a character split between two chunks stays whole (exceljs #2316). */
async function openText(zip: ZipArchive, entry: yauzl.Entry): Promise<Readable> {
  if (entry.uncompressedSize > MAX_PART_BYTES) throw new SpreadsheetError(`${entry.fileName} is too large when unpacked`);
  const stream = await zip.open(entry);
  stream.setEncoding('utf8');
  return stream;
}

/** A worksheet as workbook.xml lists it. */
export interface SheetInfo {
  name: string;
  /** 'visible', 'hidden' or 'veryHidden' */
  state: string;
  /** its part in the archive */
  part: string;
}

async function parsePart(zip: ZipArchive, name: string, parse: (stream: Readable) => Promise<void>): Promise<void> {
  const entry = zip.entries.get(name);
  if (entry) await parse(await openText(zip, entry));
}

/** Reads everything the worksheets depend on: relationships, the sheet list, shared strings, styles. */
async function readWorkbookParts(zip: ZipArchive): Promise<{ parts: WorkbookParts; sheets: SheetInfo[] }> {
  // the input is never read: the parts are handed over one by one
  const parts = new ExcelJS.stream.xlsx.WorkbookReader('', READER_OPTIONS) as unknown as WorkbookParts;
  await parsePart(zip, 'xl/_rels/workbook.xml.rels', (s) => parts._parseRels(s));
  await parsePart(zip, 'xl/workbook.xml', (s) => parts._parseWorkbook(s));
  await parsePart(zip, 'xl/sharedStrings.xml', async (s) => {
    for await (const _ of parts._parseSharedStrings(s)); // cache mode: fills the shared strings
  });
  await parsePart(zip, 'xl/styles.xml', (s) => parts._parseStyles(s));
  const rels = parts.workbookRels ?? [];
  const sheets: SheetInfo[] = [];
  for (const sheet of parts.model?.sheets ?? []) {
    const target = rels.find((r) => r.Id === sheet.rId)?.Target;
    if (!target) continue;
    const part = target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
    sheets.push({ name: sheet.name, state: sheet.state ?? 'visible', part });
  }
  return { parts, sheets };
}

/**
 * A copy of `text` that does not point into the chunk of XML it was cut from. V8 keeps a
 * substring of 13 characters or more as a view on its parent: a row kept in a batch would keep
 * its whole 64 KB chunk alive, and every garbage collection would copy it again.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (` ${text}`).slice(1);
}

/** The sheet's non-empty rows, streamed; its XML is never held whole. */
async function* worksheetRows(zip: ZipArchive, parts: WorkbookParts, sheet: SheetInfo): AsyncGenerator<SheetRow> {
  const entry = zip.entries.get(sheet.part);
  if (!entry) throw new SpreadsheetError(`the worksheet ${sheet.name} is missing from the archive`);
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheet.part)?.[1] ?? '1';
  let reader: ExcelJS.stream.xlsx.WorksheetReader | undefined;
  for (const event of parts._parseWorksheet(await openText(zip, entry), sheetNo)) reader = event.value;
  if (!reader) return;
  const rows = reader[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await rows.next();
      } catch (error) {
        throw new SpreadsheetError(`the worksheet could not be read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
      }
      if (next.done) return;
      const values = next.value.values as unknown[];
      const cells: CellValue[] = [];
      let any = false;
      for (let i = 1; i < values.length; i += 1) {
        let cell = plainValue(values[i]);
        if (typeof cell === 'string') {
          cell = cell.trim();
          cell = cell === '' ? null : detached(cell);
        }
        if (cell !== null) any = true;
        cells.push(cell);
      }
      if (any) yield { line: next.value.number, cells };
    }
  } finally {
    // a read stopped early (the header check) destroys the sheet's stream
    await rows.return(undefined).catch(() => undefined);
  }
}

const unreadable = (error: unknown) => (error instanceof SpreadsheetError
  ? error
  : new SpreadsheetError(`not a readable xlsx file (${error instanceof Error ? error.message : String(error)})`, { cause: error }));

/**
 * Every worksheet in workbook order, each with a reader of its rows (valid until the next
 * sheet is asked for). Only the shared strings are held in memory.
 */
export async function* workbookSheets(file: string): AsyncGenerator<SheetInfo & { rows(): AsyncGenerator<SheetRow> }> {
  let zip: ZipArchive;
  try {
    zip = await openZipArchive(file);
  } catch (error) {
    throw unreadable(error);
  }
  try {
    let workbook: Awaited<ReturnType<typeof readWorkbookParts>>;
    try {
      workbook = await readWorkbookParts(zip);
    } catch (error) {
      throw unreadable(error);
    }
    for (const sheet of workbook.sheets) {
      yield { ...sheet, rows: () => worksheetRows(zip, workbook.parts, sheet) };
    }
  } finally {
    zip.close();
  }
}

/**
 * Streams the rows of the first visible worksheet (the template's data sheet; the hidden lists
 * sheet is skipped). Empty rows are left out. Damaged archives or XML become SpreadsheetError.
 */
export async function* sheetRows(file: string): AsyncGenerator<SheetRow> {
  for await (const sheet of workbookSheets(file)) {
    if (sheet.state !== 'visible') continue;
    yield* sheet.rows();
    return;
  }
  throw new SpreadsheetError('the workbook has no visible worksheet');
}

/** The header row's texts, or null when line 1 is not a header. */
export async function readHeader(file: string): Promise<Array<string | null> | null> {
  for await (const row of sheetRows(file)) {
    if (row.line !== 1) return null;
    return row.cells.map((c) => (c === null ? null : String(c)));
  }
  return null;
}
