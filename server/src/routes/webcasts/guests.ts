import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListQuery, WEBCAST_GUEST_FILES_PATH, WEBCAST_PATHS, WebcastGuestReport, WebcastGuest } from '@lp/shared/contract';
import { escapeSpreadsheetCell } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { translate } from '../../lib/i18n.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { registerUserFiles, writeUserFile, type UserFileArea } from '../../lib/userFiles.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { guestListQuery, toGuest, guestsAfter } from '../../repositories/webcasts.ts';
import { webcastAccess, webcastOr404 } from './common.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['u.full_name', 'u.email'],
  sortable: { id: 's.id', name: 'u.full_name', email: 'u.email', profile: 'p.name', subscribed_at: 's.created_at' },
  defaultOrdering: 'id',
};

/** The guest list file: the admin's own, for ten minutes (the browser opens it right away). */
const GUEST_FILES: UserFileArea = {
  area: 'webcast_guest_lists',
  urlPath: WEBCAST_GUEST_FILES_PATH,
  ttlMs: 10 * 60 * 1000,
  downloadName: (languageId) => `${translate(languageId, 'webcasts.guests.file_name')}.xlsx`,
};

/** Rows read per query while writing the file. */
const BATCH = 1000;

/**
 * Writes the guest list with the streaming writer: a header row in the admin's language, then
 * one row per guest (#, name, email, profile, subscribed at, UTC), every text cell escaped
 * (a name starting with '=' stays text).
 */
async function writeGuestList(db: Db, clientId: number, webcastId: number, languageId: number | null, file: string): Promise<void> {
  const t = (key: string) => translate(languageId, `webcasts.guests.${key}`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('sheet').replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 8 }, { width: 36 }, { width: 36 }, { width: 24 }, { width: 22 }];
  const header = sheet.addRow(['number', 'name', 'email', 'profile', 'subscribed_at'].map((key) => escapeSpreadsheetCell(t(`columns.${key}`))));
  header.font = { bold: true };
  header.commit();
  let lastId = 0;
  let number = 0;
  for (;;) {
    const rows = await guestsAfter(db, clientId, webcastId, lastId, BATCH);
    for (const r of rows) {
      number += 1;
      const row = sheet.addRow([number, escapeSpreadsheetCell(r.full_name), escapeSpreadsheetCell(r.email ?? ''), escapeSpreadsheetCell(r.profile ?? ''), new Date(r.created_at)]);
      row.getCell(5).numFmt = 'yyyy-mm-dd hh:mm:ss';
      row.commit();
    }
    if (rows.length < BATCH) break;
    lastId = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * spec 2 §2.5 subscribers tab, §7.3 Guests: the list ({count, results[].list_users}) and the
 * guest list download (webcasts_manage, §6), served to the admin who asked for it.
 */
const guests: FastifyPluginAsyncTypebox = async (app) => {
  const guard = webcastAccess();

  app.get(WEBCAST_PATHS.guests(':id'), { config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(WebcastGuest) } }, async (request, reply) => {
    const webcast = await webcastOr404(app.db, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(guestListQuery(app.db, clientOf(request), webcast.id), list, LIST_SPEC);
    return sendList(reply, 'guests', list, rows.map(toGuest), total);
  });

  app.get(WEBCAST_PATHS.guestReport(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, response: { 200: WebcastGuestReport } },
  }, async (request) => {
    const webcast = await webcastOr404(app.db, request, request.params.id);
    const { user } = authOf(request);
    const clientId = clientOf(request);
    const url = await writeUserFile(app.storage, GUEST_FILES, user.id, (file) => writeGuestList(app.db, clientId, webcast.id, user.language_id, file));
    return { path_url: url };
  });

  registerUserFiles(app, GUEST_FILES);
};
export default guests;
