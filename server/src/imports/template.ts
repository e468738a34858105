import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell, slugify } from '@lp/shared/rules';
import type { ImportType } from '@lp/shared/contract';
import { translate } from '../lib/i18n.ts';
import { TEMPLATE_COLUMNS, type ColumnDef, type LookupName } from './columns.ts';
import type { Lookups } from './lookups.ts';

/** Name of the hidden sheet the drop-downs read from. */
export const LISTS_SHEET = 'lists';
/**
 * Data rows that carry the drop-downs. Not Excel's whole column: exceljs (and so any script
 * that fills the template with it) expands a validated range cell by cell when it reads a file,
 * and a million rows × ten columns took 9 s and 1 GB to open; 10 000 rows take 0.1 s. Rows past
 * them are checked by the import all the same.
 */
export const DROPDOWN_ROWS = 10_000;
const LAST_ROW = DROPDOWN_ROWS + 1;

function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Sheet names: at most 31 characters, none of []:*?/\ . */
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';

/** A column's name in the user's language (imports.columns.*), also used in log entries. */
export const columnLabel = (languageId: number, key: string) => translate(languageId, `imports.columns.${key}`);

function headerNote(languageId: number, column: ColumnDef): string {
  const parts = [columnLabel(languageId, column.key)];
  if (column.required) parts.push(translate(languageId, 'imports.template.required'));
  if (column.date) parts.push(translate(languageId, 'imports.template.date_hint'));
  if (column.list) parts.push(translate(languageId, column.list.strict ? 'imports.template.list_hint' : 'imports.template.list_free_hint'));
  return parts.join('\n');
}

/** `import-template-users.xlsx` in the user's language, ASCII-safe for Content-Disposition. */
export function templateFileName(languageId: number, type: ImportType): string {
  return `${slugify(translate(languageId, 'imports.template.file_name', { type: translate(languageId, `imports.types.${type}`) })) || 'import-template'}.xlsx`;
}

/**
 * Writes the import template (DESIGN "Jobs and mail": exceljs streaming writer): a data sheet
 * with the header (frozen, sized, a note per column in the user's language) and drop-downs on
 * the lookup columns, a hidden "lists" sheet with the client's values, and an instructions sheet.
 * Every text written from data goes through escapeSpreadsheetCell (formula injection).
 */
export async function writeTemplate(output: Writable, type: ImportType, lookups: Lookups, languageId: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const columns = TEMPLATE_COLUMNS[type];
  const listNames = [...new Set(columns.flatMap((c) => (c.list ? [c.list.name] : [])))] as LookupName[];
  const listColumn = new Map(listNames.map((name, i) => [name, columnLetter(i)]));

  const data = workbook.addWorksheet(sheetName(translate(languageId, `imports.types.${type}`)), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  data.columns = columns.map((c) => ({
    key: c.key, width: c.width ?? 16, ...(c.date ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  const header = data.addRow(columns.map((c) => escapeSpreadsheetCell(c.key)));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.note = headerNote(languageId, c);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FFFDE9A9' : 'FFE7EEF7' } };
  });
  columns.forEach((c, i) => {
    if (!c.list) return;
    const count = lookups[c.list.name].values.length;
    if (count === 0) return;
    const letter = listColumn.get(c.list.name)!;
    const range = `${columnLetter(i)}2:${columnLetter(i)}${LAST_ROW}`;
    (data as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(range, {
      type: 'list',
      allowBlank: true,
      formulae: [`${LISTS_SHEET}!$${letter}$2:$${letter}$${count + 1}`],
      showErrorMessage: true,
      errorStyle: c.list.strict ? 'stop' : 'warning',
      errorTitle: columnLabel(languageId, c.key),
      error: translate(languageId, 'imports.template.list_error'),
    });
  });
  header.commit();
  data.commit();

  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  lists.columns = listNames.map((name) => ({ key: name, width: 28 }));
  lists.addRow(listNames).commit();
  const longest = Math.max(0, ...listNames.map((n) => lookups[n].values.length));
  for (let r = 0; r < longest; r += 1) {
    lists.addRow(listNames.map((n) => {
      const value = lookups[n].values[r];
      return value === undefined ? null : escapeSpreadsheetCell(value);
    })).commit();
  }
  lists.commit();

  const help = workbook.addWorksheet(sheetName(translate(languageId, 'imports.template.instructions_sheet')));
  help.columns = [{ key: 'text', width: 110 }];
  const title = help.addRow([translate(languageId, 'imports.template.instructions_title', { type: translate(languageId, `imports.types.${type}`) })]);
  title.font = { bold: true };
  title.commit();
  for (const key of ['line_header', 'line_required', 'line_lists', 'line_dates', 'line_update', `line_${type}`]) {
    help.addRow([translate(languageId, `imports.template.${key}`, { rows: String(DROPDOWN_ROWS) })]).commit();
  }
  help.addRow([]).commit();
  for (const c of columns) {
    help.addRow([`${c.key}${c.required ? ' *' : ''} — ${columnLabel(languageId, c.key)}`]).commit();
  }
  help.commit();
  await workbook.commit();
}
