import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SpreadsheetError, readHeader, sheetRows, workbookSheets, type SheetRow } from './reader.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function fileOf(bytes: Buffer | Uint8Array): Promise<string> {
  const file = path.join(dir, `book-${n += 1}.xlsx`);
  await fs.promises.writeFile(file, bytes);
  return file;
}

async function workbookOf(sheets: Array<{ name: string; rows: unknown[][]; state?: 'hidden' }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name, s.state ? { state: s.state } : {});
    for (const row of s.rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same archive with its parts stored in `order` first (the rest after, as they were). */
async function repack(bytes: Buffer, order: string[]): Promise<Buffer> {
  const source = await JSZip.loadAsync(bytes);
  const names = Object.keys(source.files).filter((f) => !source.files[f]!.dir);
  const target = new JSZip();
  for (const name of [...order, ...names.filter((f) => !order.includes(f))]) {
    target.file(name, await source.file(name)!.async('uint8array'));
  }
  return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('xlsx reader', () => {
  it('reads the sheet whole when it is stored before the shared strings and workbook.xml (exceljs #683)', async () => {
    const bytes = await repack(
      await workbookOf([{ name: 'data', rows: [['name', 'document'], ['Rede Norte', '11.222.333/0001-81'], ['Rede Sul', 99]] }]),
      ['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'],
    );
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).filter((f) => !f.endsWith('/')).at(-1)).toBe('xl/workbook.xml');
    // many reads at once: the old single streaming pass lost the parts stored last under load
    const reads = await Promise.all(Array.from({ length: 40 }, async () => all(sheetRows(await fileOf(bytes)))));
    for (const rows of reads) {
      expect(rows).toEqual([
        { line: 1, cells: ['name', 'document'] },
        { line: 2, cells: ['Rede Norte', '11.222.333/0001-81'] },
        { line: 3, cells: ['Rede Sul', 99] },
      ]);
    }
  });

  it('keeps accented text whole across the chunks it is inflated in (exceljs #2316)', async () => {
    const long = 'ação São João Conceição '.repeat(6000);
    const rows = await all(sheetRows(await fileOf(await workbookOf([{ name: 'data', rows: [['full_name'], [long], ['Zé']] }]))));
    expect(rows.map((r) => r.cells[0])).toEqual(['full_name', long.trim(), 'Zé']);
  });

  it('skips hidden sheets and empty rows, and stops early without leaking the file', async () => {
    const file = await fileOf(await workbookOf([
      { name: 'lists', state: 'hidden', rows: [['Gerente'], ['Vendedor']] },
      { name: 'data', rows: [['email', 'full_name'], [], ['a@x.com', '  Ana  '], [null, '   ']] },
    ]));
    expect(await all(sheetRows(file))).toEqual([
      { line: 1, cells: ['email', 'full_name'] },
      { line: 3, cells: ['a@x.com', 'Ana'] },
    ]);
    expect(await readHeader(file)).toEqual(['email', 'full_name']);
    const sheets: Array<[string, string, number]> = [];
    for await (const sheet of workbookSheets(file)) sheets.push([sheet.name, sheet.state, (await all(sheet.rows())).length]);
    expect(sheets).toEqual([['lists', 'hidden', 2], ['data', 'visible', 2]]);
  });

  it('refuses what is not an xlsx with a SpreadsheetError', async () => {
    await expect(all(sheetRows(await fileOf(Buffer.from('name,email\nAna,a@x.com\n'))))).rejects.toBeInstanceOf(SpreadsheetError);
    const zip = new JSZip();
    zip.file('readme.txt', 'no workbook here');
    const noWorkbook = await fileOf(await zip.generateAsync({ type: 'nodebuffer' }));
    await expect(all(sheetRows(noWorkbook))).rejects.toThrow('no visible worksheet');
  });

  it('refuses a part whose unpacked size lies about itself (a zip bomb)', async () => {
    const bytes = Buffer.from(await workbookOf([{ name: 'data', rows: [['name'], ...Array.from({ length: 200 }, (_, i) => [`row ${i}`])] }]));
    // central directory record of the sheet: declare a far smaller uncompressed size than it inflates to
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
      const nameLength = bytes.readUInt16LE(at + 28);
      if (bytes.subarray(at + 46, at + 46 + nameLength).equals(name)) bytes.writeUInt32LE(100, at + 24);
    }
    await expect(all(sheetRows(await fileOf(bytes)))).rejects.toBeInstanceOf(SpreadsheetError);
  });
});
