import { sql } from 'kysely';
import { ADMIN_RESOURCES, USERS_REPORT_PATH, UsersReportRequest, type Translations } from '@lp/shared/contract';
import { LANGUAGES } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { adminUserListQuery } from '../repositories/adminUserAccounts.ts';
import { defineReport } from './definition.ts';
import { likePattern } from './queries.ts';

/** Rows read per query while streaming: memory stays flat whatever the client's size. */
const BATCH = 500;

const F = 'resources.users.fields';
const COLUMNS = [
  { field: 'id', label: `${F}.id`, width: 10 },
  { field: 'full_name', label: `${F}.full_name`, width: 32 },
  { field: 'nick_name', label: `${F}.nick_name`, width: 18 },
  { field: 'email', label: `${F}.email`, width: 32 },
  { field: 'document', label: `${F}.document`, width: 18 },
  { field: 'register', label: `${F}.register`, width: 18 },
  { field: 'gmin_number', label: `${F}.gmin_number`, width: 16 },
  { field: 'sap_code', label: `${F}.sap_code`, width: 14 },
  { field: 'status', label: `${F}.status`, width: 24 },
  { field: 'profile_id', label: `${F}.profile_id`, width: 22 },
  { field: 'area_ids', label: `${F}.area_ids`, width: 30 },
  { field: 'group_ids', label: `${F}.group_ids`, width: 30 },
  { field: 'branch_id', label: `${F}.branch_id`, width: 24 },
  { field: 'date_joined', label: `${F}.date_joined`, width: 18, date: true },
] as const;

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

async function organisationNames(db: Db, clientId: number, languageId: number) {
  const [profiles, areas, groups] = await Promise.all([
    db.selectFrom('profiles').select(['id', 'name', 'translations']).where('client_id', '=', clientId).execute(),
    db.selectFrom('areas').select(['id', 'name', 'translations']).where('client_id', '=', clientId).execute(),
    db.selectFrom('user_groups').select(['id', 'name']).where('client_id', '=', clientId).execute(),
  ]);
  return {
    profile: new Map(profiles.map((p) => [p.id, localName(p.name, p.translations, languageId)])),
    area: new Map(areas.map((a) => [a.id, localName(a.name, a.translations, languageId)])),
    group: new Map(groups.map((g) => [g.id, g.name])),
  };
}

/**
 * The users report (spec 1 §2.3 users report button, §6.2 `reports`): every user of the client
 * that the users list shows with the same filters (routes/users/admin/index.ts, through the same
 * narrowing query), with profile, areas, groups and branch by name.
 */
export const usersReport = defineReport({
  key: 'users',
  path: USERS_REPORT_PATH,
  title: ADMIN_RESOURCES.users.title,
  permissions: [ADMIN_RESOURCES.users.title, 'reports'],
  body: UsersReportRequest,
  columns: COLUMNS,
  async* rows(db, { clientId, params: filters, languageId, t }) {
    const names = await organisationNames(db, clientId, languageId);
    const statusText = (key: string, fallback: string) => {
      const text = t(`resources.users.status.${key}`);
      return text.startsWith('resources.') ? fallback : text;
    };
    const now = new Date();
    let lastId = 0;
    for (;;) {
      let query = adminUserListQuery(db, clientId, {
        areaId: filters.area_id, groupId: filters.group_id, certificateExpiresWithin: filters.certificate_expires_within, now,
      })
        .leftJoin('branches', (j) => j.onRef('branches.id', '=', 'users.branch_id').on('branches.client_id', '=', clientId))
        .select([
          'users.full_name', 'users.nick_name', 'users.email', 'users.document', 'users.register', 'users.gmin_number', 'users.sap_code',
          'users.status', 'users.anonymized_at', 'users.created_at', 'users.date_joined', 'user_clients.profile_id', 'branches.name as branch_name',
        ])
        .where('users.id', '>', lastId);
      if (filters.search) {
        const pattern = likePattern(filters.search);
        query = query.where(sql<boolean>`(lower(users.full_name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\' or lower(users.document) like ${pattern} escape '\\')`);
      }
      if (filters.status) query = query.where('users.status', '=', filters.status);
      if (filters.profile_id) query = query.where('user_clients.profile_id', '=', filters.profile_id);
      const users = await query.orderBy('users.id').limit(BATCH).execute();
      if (users.length === 0) return;

      const ids = users.map((r) => r.id);
      const [userAreas, userGroups] = await Promise.all([
        db.selectFrom('user_areas').select(['user_id', 'area_id'])
          .where('client_id', '=', clientId).where('user_id', 'in', ids).execute(),
        db.selectFrom('user_group_members').innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
          .select(['user_group_members.user_id', 'user_group_members.group_id'])
          .where('user_groups.client_id', '=', clientId).where('user_group_members.user_id', 'in', ids).execute(),
      ]);
      const areasOf = namesByUser(userAreas.map((l) => [l.user_id, names.area.get(l.area_id)]));
      const groupsOf = namesByUser(userGroups.map((l) => [l.user_id, names.group.get(l.group_id)]));
      yield users.map((u) => ({
        id: u.id,
        full_name: u.full_name,
        nick_name: u.nick_name,
        email: u.email,
        document: u.document,
        register: u.register,
        gmin_number: u.gmin_number,
        sap_code: u.sap_code,
        status: statusText(u.status === 'deleted' && u.anonymized_at ? 'deleted_anonymized' : u.status, u.status),
        profile_id: u.profile_id != null ? names.profile.get(u.profile_id) ?? null : null,
        area_ids: areasOf(u.id),
        group_ids: groupsOf(u.id),
        branch_id: u.branch_name,
        date_joined: new Date(u.date_joined ?? u.created_at),
      }));
      lastId = users[users.length - 1]!.id;
      if (users.length < BATCH) return;
    }
  },
});
