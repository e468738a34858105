import ExcelJS from 'exceljs';
import { escapeSpreadsheetCell } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { translate } from '../lib/i18n.ts';
import type { ReportCell, ReportDeclaration } from './definition.ts';

export interface WriteReportOptions {
  clientId: number;
  params: Record<string, unknown>;
  languageId: number;
  /** where the xlsx is written */
  filePath: string;
  /** called once per page of rows so a long report keeps its job lease */
  heartbeat(): Promise<void>;
}

/** spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise (times in UTC). */
export const reportDateFormat = (languageId: number) => (languageId === 1 || languageId === 3 ? 'dd/mm/yyyy hh:mm' : 'mm-dd-yyyy hh:mm');

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * The frame every report shares (DESIGN "Jobs and mail"): the exceljs streaming writer, one sheet
 * named after the report with a bold, frozen header in the requester's language, every text cell
 * escaped so no formula runs when the file is opened (shared escapeSpreadsheetCell), date columns
 * in the requester's format. Rows are committed as they come, so memory stays flat. Answers the
 * number of data rows.
 */
export async function writeReport(db: Db, report: ReportDeclaration, options: WriteReportOptions): Promise<number> {
  const { languageId } = options;
  const t = (key: string) => translate(languageId, key);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(t(`reports.names.${report.key}`)), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = report.columns.map((c) => ({ key: c.field, width: c.width }));
  const header = sheet.addRow(report.columns.map((c) => escapeSpreadsheetCell(t(c.label))));
  header.font = { bold: true };
  header.commit();

  const numFmt = reportDateFormat(languageId);
  const dateColumns = report.columns.flatMap((c, i) => (c.date ? [i + 1] : []));
  let count = 0;
  for await (const page of report.rows(db, { clientId: options.clientId, params: options.params, languageId, t })) {
    for (const values of page) {
      const cells = report.columns.map((c): ReportCell => values[c.field] ?? null);
      const row = sheet.addRow(cells.map((cell) => escapeSpreadsheetCell(cell)));
      for (const column of dateColumns) row.getCell(column).numFmt = numFmt;
      row.commit();
    }
    count += page.length;
    await options.heartbeat();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
