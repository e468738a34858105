import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { LANGUAGES, escapeSpreadsheetCell } from '@lp/shared/rules';
import type { Translations, UsersReportRequest } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { translate } from '../lib/i18n.ts';

/** Rows read per query while streaming: memory stays flat whatever the client's size. */
const BATCH = 500;

export interface UsersReportOptions {
  clientId: number;
  filters: UsersReportRequest;
  languageId: number;
  /** where the xlsx is written */
  filePath: string;
  /** called once per batch so a long report keeps its job lease */
  heartbeat(): Promise<void>;
}

const COLUMNS = [
  { field: 'id', width: 10 },
  { field: 'full_name', width: 32 },
  { field: 'nick_name', width: 18 },
  { field: 'email', width: 32 },
  { field: 'document', width: 18 },
  { field: 'register', width: 18 },
  { field: 'gmin_number', width: 16 },
  { field: 'sap_code', width: 14 },
  { field: 'status', width: 24 },
  { field: 'profile_id', width: 22 },
  { field: 'area_ids', width: 30 },
  { field: 'group_ids', width: 30 },
  { field: 'branch_id', width: 24 },
  { field: 'date_joined', width: 18 },
] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A profile's or area's name in the reader's content language (spec 1 §3.2), else its name. */
function localName(name: string, translations: Translations, languageId: number): string {
  const code = LANGUAGES.find((l) => l.id === languageId)?.code ?? 'pt-br';
  return translations[code]?.trim() || name;
}

/** user id → its names, sorted and comma-separated ('' when none). */
function namesByUser(pairs: Array<[number, string | undefined]>): (userId: number) => string {
  const byUser = new Map<number, string[]>();
  for (const [userId, name] of pairs) if (name) byUser.set(userId, [...(byUser.get(userId) ?? []), name]);
  return (userId) => (byUser.get(userId) ?? []).sort((a, b) => a.localeCompare(b)).join(', ');
}

/** spec 1 §9: DD/MM/YYYY for languages 1 and 3, MM-DD-YYYY otherwise (times in UTC, Etc/GMT). */
const dateFormat = (languageId: number) => (languageId === 1 || languageId === 3 ? 'dd/mm/yyyy hh:mm' : 'mm-dd-yyyy hh:mm');

/**
 * The users report (spec 1 §2.3 report button, §7 "generated asynchronously"): every user of the
 * client that the users list would show with the same filters, streamed to an xlsx in the
 * requester's language. Text cells are escaped so no formula runs when the file is opened.
 */
export async function writeUsersReport(db: Db, options: UsersReportOptions): Promise<number> {
  const { clientId, filters, languageId } = options;
  const t = (key: string, fallback?: string) => {
    const text = translate(languageId, key);
    return text === key && fallback !== undefined ? fallback : text;
  };

  const [profiles, areas, groups] = await Promise.all([
    db.selectFrom('profiles').select(['id', 'name', 'translations']).where('client_id', '=', clientId).execute(),
    db.selectFrom('areas').select(['id', 'name', 'translations']).where('client_id', '=', clientId).execute(),
    db.selectFrom('user_groups').select(['id', 'name']).where('client_id', '=', clientId).execute(),
  ]);
  const profileName = new Map(profiles.map((p) => [p.id, localName(p.name, p.translations, languageId)]));
  const areaName = new Map(areas.map((a) => [a.id, localName(a.name, a.translations, languageId)]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.filePath, useStyles: true, useSharedStrings: false });
  const sheetName = t('reports.names.users', 'Users').replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ key: c.field, width: c.width }));
  const header = sheet.addRow(COLUMNS.map((c) => escapeSpreadsheetCell(t(`resources.users.fields.${c.field}`, c.field))));
  header.font = { bold: true };
  header.commit();

  const numFmt = dateFormat(languageId);
  let lastId = 0;
  let count = 0;
  for (;;) {
    let query = db.selectFrom('users')
      .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
      .leftJoin('branches', (j) => j.onRef('branches.id', '=', 'users.branch_id').on('branches.client_id', '=', clientId))
      .select([
        'users.id', 'users.full_name', 'users.nick_name', 'users.email', 'users.document', 'users.register',
        'users.gmin_number', 'users.sap_code', 'users.status', 'users.anonymized_at', 'users.created_at', 'users.date_joined',
        'user_clients.profile_id', 'branches.name as branch_name',
      ])
      .where('user_clients.client_id', '=', clientId)
      .where('users.id', '>', lastId);
    // the users list's filters (routes/users/admin/index.ts), read the same way
    const search = filters.search?.trim().toLowerCase();
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      query = query.where(sql<boolean>`(lower(users.full_name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\' or lower(users.document) like ${pattern} escape '\\')`);
    }
    if (filters.status) query = query.where('users.status', '=', filters.status);
    if (filters.profile_id) query = query.where('user_clients.profile_id', '=', filters.profile_id);
    if (filters.area_id) {
      query = query.where(sql<boolean>`exists (select 1 from user_areas ua where ua.user_id = users.id and ua.client_id = ${clientId} and ua.area_id = ${filters.area_id})`);
    }
    if (filters.group_id) {
      query = query.where(sql<boolean>`exists (select 1 from user_group_members m inner join user_groups g on g.id = m.group_id where m.user_id = users.id and g.client_id = ${clientId} and g.id = ${filters.group_id})`);
    }
    const rows = await query.orderBy('users.id').limit(BATCH).execute();
    if (rows.length === 0) break;

    const ids = rows.map((r) => r.id);
    const [userAreas, userGroups] = await Promise.all([
      db.selectFrom('user_areas').select(['user_id', 'area_id'])
        .where('client_id', '=', clientId).where('user_id', 'in', ids).execute(),
      db.selectFrom('user_group_members').innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
        .select(['user_group_members.user_id', 'user_group_members.group_id'])
        .where('user_groups.client_id', '=', clientId).where('user_group_members.user_id', 'in', ids).execute(),
    ]);
    const areasOf = namesByUser(userAreas.map((l) => [l.user_id, areaName.get(l.area_id)]));
    const groupsOf = namesByUser(userGroups.map((l) => [l.user_id, groupName.get(l.group_id)]));

    for (const u of rows) {
      const statusKey = u.status === 'deleted' && u.anonymized_at ? 'deleted_anonymized' : u.status;
      const values: Record<string, unknown> = {
        id: u.id,
        full_name: u.full_name,
        nick_name: u.nick_name,
        email: u.email,
        document: u.document,
        register: u.register,
        gmin_number: u.gmin_number,
        sap_code: u.sap_code,
        status: t(`resources.users.status.${statusKey}`, u.status),
        profile_id: u.profile_id != null ? profileName.get(u.profile_id) ?? null : null,
        area_ids: areasOf(u.id),
        group_ids: groupsOf(u.id),
        branch_id: u.branch_name,
        date_joined: new Date(u.date_joined ?? u.created_at),
      };
      const row = sheet.addRow(COLUMNS.map((c) => escapeSpreadsheetCell(values[c.field] ?? null)));
      row.getCell(COLUMNS.length).numFmt = numFmt;
      row.commit();
    }
    count += rows.length;
    lastId = rows[rows.length - 1]!.id;
    await options.heartbeat();
    if (rows.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
