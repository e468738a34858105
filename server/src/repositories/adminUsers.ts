import { randomBytes } from 'node:crypto';
import type { AdminUser, AuditAction, ErrorCode } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import { mediaPath } from '../lib/mediaStore.ts';
import type { UserRow } from '../db/tables/user.table.ts';
import { ANONYMIZED_NAME, anonymizePersonalData, anonymizedEmail, type AnonymizedFiles } from './anonymization.ts';
import { UNIQUE_USER_FIELDS, type UniqueUserField } from './userUniqueness.ts';

export { ANONYMIZED_NAME };

export { UNIQUE_USER_FIELDS, uniqueConflictOf, type UniqueUserField } from './userUniqueness.ts';

/** A password hash no password verifies against (scheme is not `scrypt`). */
export const unusablePassword = () => `!unusable$${randomBytes(24).toString('base64url')}`;

/** Tenant scoping: a user is visible to a client only through user_clients. */
export async function userInClient(db: Db, userId: number, clientId: number): Promise<boolean> {
  const row = await db.selectFrom('user_clients').select('user_id')
    .where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row !== undefined;
}

/** Which of `ids` are users of the client. */
export async function clientUserIds(db: Db, clientId: number, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', 'in', ids).execute();
  return rows.map((r) => r.user_id);
}

/** AdminUser rows for `ids` as seen from `clientId` (profile, areas, groups of that client), in `ids` order. */
export async function loadAdminUsers(db: Db, clientId: number, ids: number[]): Promise<AdminUser[]> {
  if (ids.length === 0) return [];
  const [users, links, areas, groups, superiors, mandatoryAreas, mandatoryProfiles, terms] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('user_clients').select(['user_id', 'client_id', 'profile_id', 'main_area_id', 'enrolled_at']).where('user_id', 'in', ids).orderBy('client_id').execute(),
    db.selectFrom('user_areas').select(['user_id', 'area_id']).where('user_id', 'in', ids).where('client_id', '=', clientId).orderBy('area_id').execute(),
    db.selectFrom('user_group_members').innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
      .select(['user_group_members.user_id', 'user_group_members.group_id'])
      .where('user_group_members.user_id', 'in', ids).where('user_groups.client_id', '=', clientId)
      .orderBy('user_group_members.group_id').execute(),
    db.selectFrom('user_superiors').innerJoin('users', 'users.id', 'user_superiors.superior_id')
      .select(['user_superiors.user_id', 'users.id', 'users.full_name', 'users.email'])
      .where('user_superiors.user_id', 'in', ids).where('user_superiors.client_id', '=', clientId)
      .orderBy('users.full_name').orderBy('users.id').execute(),
    db.selectFrom('user_mandatory_areas').select(['user_id', 'area_id']).where('user_id', 'in', ids).where('client_id', '=', clientId).orderBy('area_id').execute(),
    db.selectFrom('user_mandatory_profiles').select(['user_id', 'profile_id']).where('user_id', 'in', ids).where('client_id', '=', clientId).orderBy('profile_id').execute(),
    // spec 1 §3.4 accept_terms_date: the latest acceptance of the client's terms (the consent history is the record)
    db.selectFrom('user_consents').select(['user_id', (eb) => eb.fn.max('created_at').as('accepted_at')])
      .where('user_id', 'in', ids).where('client_id', '=', clientId).where('kind', '=', 'terms').where('accepted', '=', true)
      .groupBy('user_id').execute(),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const own = links.filter((l) => l.user_id === id);
    const here = own.find((l) => l.client_id === clientId);
    const accepted = terms.find((t) => t.user_id === id)?.accepted_at;
    return [toAdminUser(u, {
      profile_id: here?.profile_id ?? null,
      main_area_id: here?.main_area_id ?? null,
      mandatory_area_ids: mandatoryAreas.filter((a) => a.user_id === id).map((a) => a.area_id),
      mandatory_profile_ids: mandatoryProfiles.filter((p) => p.user_id === id).map((p) => p.profile_id),
      accept_terms_date: accepted ? toIso(accepted) : null,
      // links made before enrolments were dated count from the account's creation
      enrollment_date: here ? toIso(here.enrolled_at ?? u.date_joined ?? u.created_at) : null,
      client_ids: own.map((l) => l.client_id),
      area_ids: areas.filter((a) => a.user_id === id).map((a) => a.area_id),
      group_ids: groups.filter((g) => g.user_id === id).map((g) => g.group_id),
      superiors_list: superiors.filter((r) => r.user_id === id).map((r) => ({ id: r.id, full_name: r.full_name, email: r.email })),
    })];
  });
}

/** spec 1 §3.4 / §4.1: the user's superiors (approvers) in the client. */
export async function superiorIdsOf(db: Db, userId: number, clientId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_superiors').select('superior_id').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
  return rows.map((r) => r.superior_id);
}

/** Timestamps as the API writes them, whichever driver read them (SQLite text, Postgres Date). */
const toIso = (value: string | Date): string => new Date(value).toISOString();

type UserLinks = Pick<AdminUser,
  'profile_id' | 'client_ids' | 'area_ids' | 'group_ids' | 'superiors_list' | 'main_area_id' | 'mandatory_area_ids' | 'mandatory_profile_ids'
  | 'accept_terms_date' | 'enrollment_date'>;

function toAdminUser(u: UserRow, links: UserLinks): AdminUser {
  return {
    id: u.id,
    full_name: u.full_name,
    nick_name: u.nick_name,
    email: u.email,
    document: u.document,
    register: u.register,
    gmin_number: u.gmin_number,
    sap_code: u.sap_code,
    gender: u.gender,
    birthday: u.birthday,
    mobile_country_code: u.mobile_country_code,
    mobile_area_code: u.mobile_area_code,
    mobile: u.mobile,
    country_id: u.country_id,
    branch_id: u.branch_id,
    postal_code: u.postal_code, address: u.address, number: u.number, complement: u.complement,
    neighborhood: u.neighborhood, city: u.city, state: u.state,
    commercial_phone: u.commercial_phone, residential_phone: u.residential_phone, whatsapp: u.whatsapp,
    marital_status: u.marital_status, number_of_children: u.number_of_children,
    is_handicapped: u.is_handicapped, handicap_description: u.handicap_description,
    admission_date: u.admission_date, store_manager: u.store_manager,
    sex: u.sex, country_of_residence_id: u.country_of_residence_id, timezone: u.timezone, user_type: u.user_type,
    image: u.image, image_url: u.image ? mediaPath(u.image) : null,
    ...links,
    superior_ids: links.superiors_list.map((r) => r.id),
    status: u.status,
    is_superuser: u.is_superuser,
    must_change_password: u.must_change_password,
    date_joined: u.date_joined ?? u.created_at,
    date_updated: u.updated_at,
    deletion_requested_at: u.deletion_requested_at,
    anonymized_at: u.anonymized_at,
  };
}

/** Fields whose value another user already holds. */
export async function uniqueConflicts(
  db: Db, values: Partial<Record<UniqueUserField, string | null>>, exceptUserId: number | null,
): Promise<Partial<Record<UniqueUserField, ErrorCode>>> {
  const conflicts: Partial<Record<UniqueUserField, ErrorCode>> = {};
  for (const field of Object.keys(UNIQUE_USER_FIELDS) as UniqueUserField[]) {
    const value = values[field];
    if (!value) continue;
    let q = db.selectFrom('users').select('id').where(field, '=', value);
    if (exceptUserId !== null) q = q.where('id', '!=', exceptUserId);
    if (await q.executeTakeFirst()) conflicts[field] = UNIQUE_USER_FIELDS[field];
  }
  return conflicts;
}

export interface AuditEntry {
  actor_id: number | null;
  action: AuditAction;
  target_user_id: number | null;
  client_id: number | null;
  details?: Record<string, unknown>;
  /** where the request came from: the address Fastify trusts (TRUST_PROXY) and the user agent */
  ip?: string | null;
  user_agent?: string | null;
}

/** Who did what to whom, when and from where (read by superusers: routes/users/admin/auditLog.ts). */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({
    actor_id: entry.actor_id, action: entry.action, target_user_id: entry.target_user_id,
    client_id: entry.client_id, details: JSON.stringify(entry.details ?? {}), created_at: new Date(),
    ip: entry.ip?.slice(0, 64) ?? null, user_agent: entry.user_agent?.slice(0, 400) ?? null,
  }).execute();
}

/** The "from where" of an audit entry. */
export const auditOrigin = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, user_agent: (Array.isArray(agent) ? agent[0] : agent) ?? null };
};

/**
 * spec 1 §4.2 confirm deletion: every personal field goes, irreversibly. The row stays (ids in
 * enrolments and reports keep pointing at it) under a non-personal placeholder e-mail; the copies
 * of the identity in other tables go with it (anonymization.ts). Answers the files that held the
 * identity, for the caller to remove once the transaction has committed.
 */
export async function anonymizeUser(db: Db, userId: number): Promise<AnonymizedFiles> {
  const now = new Date();
  const user = await db.selectFrom('users').select(['id', 'email', 'full_name', 'document', 'register', 'gmin_number', 'image'])
    .where('id', '=', userId).executeTakeFirstOrThrow();
  const files = await anonymizePersonalData(db, user);
  // the profile picture is personal data too: its media record now, its bytes after the commit
  if (user.image) {
    await db.deleteFrom('media_objects').where('resource', '=', user.image).execute();
    files.mediaResources.push(user.image);
  }
  await db.updateTable('users').set({
    full_name: ANONYMIZED_NAME,
    nick_name: null,
    email: anonymizedEmail(userId),
    document: null,
    register: null,
    gmin_number: null,
    sap_code: null,
    gender: null,
    birthday: null,
    mobile_country_code: null,
    mobile_area_code: null,
    mobile: null,
    country_id: null,
    branch_id: null,
    postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: null, state: null,
    commercial_phone: null, residential_phone: null, whatsapp: null, marital_status: null, number_of_children: null,
    is_handicapped: false, handicap_description: null, admission_date: null, store_manager: false,
    sex: null, image: null, country_of_residence_id: null, timezone: null, user_type: null,
    password_hash: unusablePassword(),
    must_change_password: false,
    status: 'deleted',
    anonymized_at: now,
    updated_at: now,
  }).where('id', '=', userId).execute();
  await db.deleteFrom('user_group_members').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_areas').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_mandatory_areas').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_mandatory_profiles').where('user_id', '=', userId).execute();
  await db.updateTable('user_clients').set({ main_area_id: null }).where('user_id', '=', userId).execute();
  // neither someone's superior nor anyone's charge any more
  await db.deleteFrom('user_superiors').where((eb) => eb.or([eb('user_id', '=', userId), eb('superior_id', '=', userId)])).execute();
  await db.deleteFrom('user_module_items').where('user_id', '=', userId).execute();
  return files;
}
