import ExcelJS from 'exceljs';
import { sql, type SqlBool } from 'kysely';
import { LIVE_CLASS_STATUS, escapeSpreadsheetCell } from '@lp/shared/rules';
import type { LiveClassReportRequest } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { translate } from '../lib/i18n.ts';

/** Classes read per query while streaming (each holds at most the 24 a room takes, spec 3 §9). */
const BATCH = 200;

export interface LiveClassesReportOptions {
  clientId: number;
  filters: LiveClassReportRequest;
  languageId: number;
  filePath: string;
  heartbeat(): Promise<void>;
}

const COLUMNS = [
  { field: 'id', width: 10 },
  { field: 'title', width: 40 },
  { field: 'live_class_type', width: 14 },
  { field: 'live_class_date', width: 20 },
  { field: 'status', width: 14 },
  { field: 'participant', width: 32 },
  { field: 'email', width: 32 },
  { field: 'subscribed_at', width: 20 },
  { field: 'entered_at', width: 20 },
  { field: 'completed_at', width: 20 },
] as const;
const DATE_FIELDS = new Set<string>(['live_class_date', 'subscribed_at', 'entered_at', 'completed_at']);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise (times in UTC). */
const dateFormat = (languageId: number) => (languageId === 1 || languageId === 3 ? 'dd/mm/yyyy hh:mm' : 'mm-dd-yyyy hh:mm');
const when = (value: string | null) => (value ? new Date(value) : null);

/**
 * The live classes report (spec 3 §9 report buttons, §4 "Reports … generated asynchronously and
 * sent by e-mail"): the client's classes the list shows with the same filters, one row per
 * participant (subscriber or invitee) with when they subscribed, entered and completed, or one
 * row for a class without any. Text cells are escaped so no formula runs when the file is opened.
 */
export async function writeLiveClassesReport(db: Db, options: LiveClassesReportOptions): Promise<number> {
  const { clientId, filters, languageId } = options;
  const t = (key: string) => translate(languageId, key);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('reports.names.live_classes').replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ key: c.field, width: c.width }));
  const header = sheet.addRow(COLUMNS.map((c) => escapeSpreadsheetCell(t(`live_classes.report.${c.field}`))));
  header.font = { bold: true };
  header.commit();

  const numFmt = dateFormat(languageId);
  let lastId = 0;
  let count = 0;
  for (;;) {
    let query = db.selectFrom('live_classes')
      .select(['id', 'title', 'live_class_type', 'live_class_date', 'status'])
      .where('client_id', '=', clientId).where('id', '>', lastId);
    // the admin list's reading (routes/live-classes/admin.ts): deleted classes only when asked for
    query = filters.status !== undefined ? query.where('status', '=', filters.status) : query.where('status', '!=', LIVE_CLASS_STATUS.deleted);
    if (filters.live_class_type) query = query.where('live_class_type', '=', filters.live_class_type);
    const search = filters.search?.trim().toLowerCase();
    if (search) query = query.where(sql<SqlBool>`lower(title) like ${`%${escapeLike(search)}%`} escape '\\'`);
    const classes = await query.orderBy('id').limit(BATCH).execute();
    if (classes.length === 0) break;

    const people = await db.selectFrom('live_class_participants as p').innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.live_class_id', 'p.created_at', 'p.entered_at', 'p.completed_at', 'u.full_name', 'u.email'])
      .where('p.live_class_id', 'in', classes.map((c) => c.id)).orderBy('p.live_class_id').orderBy('p.id').execute();
    for (const c of classes) {
      const base = {
        id: c.id, title: c.title, live_class_type: t(`live_classes.types.${c.live_class_type}`), live_class_date: new Date(c.live_class_date),
        status: t(`live_classes.statuses.${c.status}`),
      };
      const mine = people.filter((p) => p.live_class_id === c.id);
      const rows = mine.length ? mine.map((p) => ({
        ...base, participant: p.full_name, email: p.email, subscribed_at: new Date(p.created_at), entered_at: when(p.entered_at), completed_at: when(p.completed_at),
      })) : [base];
      for (const values of rows) {
        const record: Record<string, unknown> = values;
        const row = sheet.addRow(COLUMNS.map((col) => escapeSpreadsheetCell(record[col.field] ?? null)));
        COLUMNS.forEach((col, i) => { if (DATE_FIELDS.has(col.field)) row.getCell(i + 1).numFmt = numFmt; });
        row.commit();
        count += 1;
      }
    }
    lastId = classes[classes.length - 1]!.id;
    await options.heartbeat();
    if (classes.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
